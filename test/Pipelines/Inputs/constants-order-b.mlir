// ...and in another run.
module {
  memref.global "private" constant @__constant_2xi1 : memref<2xi1> = dense<[true, false]>
  memref.global "private" constant @__constant_2xf32 : memref<2xf32> = dense<[1.0, 2.0]>
  memref.global "private" constant @__constant_2xf32_0 : memref<2xf32> = dense<[3.0, 4.0]>
  func.func private @g() -> (memref<2xf32>, memref<2xi1>) {
    %0 = memref.get_global @__constant_2xf32_0 : memref<2xf32>
    %1 = memref.get_global @__constant_2xi1 : memref<2xi1>
    return %0, %1 : memref<2xf32>, memref<2xi1>
  }
  func.func private @f() -> memref<2xf32> {
    %0 = memref.get_global @__constant_2xf32 : memref<2xf32>
    return %0 : memref<2xf32>
  }
}
