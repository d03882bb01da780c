// RUN: hlo-opt %s -split-input-file --hlo-number-constant-globals | FileCheck %s

// Named and placed in the order of first use; the unused one is erased;
// other symbols keep their names and are avoided.
// CHECK-LABEL: module
// CHECK-NEXT:    memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<2.000000e+00>
// CHECK-NEXT:    memref.global "private" constant @__constant_4xf32_1 : memref<4xf32> = dense<1.000000e+00>
// CHECK-NEXT:    memref.global "private" constant @__constant_xi1 : memref<i1> = dense<true>
// CHECK-NEXT:    memref.global "private" @__constant_4xf32_0 : memref<4xf32> = dense<0.000000e+00>
// CHECK-NOT:     dense<3.0
// CHECK-LABEL: func.func @first
// CHECK:         memref.get_global @__constant_4xf32 :
// CHECK:         memref.get_global @__constant_4xf32_1 :
// CHECK-LABEL: func.func @second
// CHECK:         memref.get_global @__constant_xi1 :
// CHECK:         memref.get_global @__constant_4xf32 :
// CHECK:         memref.get_global @__constant_4xf32_0 :
module {
  memref.global "private" constant @__constant_xi1_7 : memref<i1> = dense<true>
  memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<1.0>
  memref.global "private" constant @__constant_4xf32_2 : memref<4xf32> = dense<3.0>
  memref.global "private" constant @__constant_4xf32_5 : memref<4xf32> = dense<2.0>
  // Not constant: not bufferization's, left alone.
  memref.global "private" @__constant_4xf32_0 : memref<4xf32> = dense<0.0>
  func.func @first() -> (memref<4xf32>, memref<4xf32>) {
    %0 = memref.get_global @__constant_4xf32_5 : memref<4xf32>
    %1 = memref.get_global @__constant_4xf32 : memref<4xf32>
    return %0, %1 : memref<4xf32>, memref<4xf32>
  }
  func.func @second() -> (memref<i1>, memref<4xf32>, memref<4xf32>) {
    %0 = memref.get_global @__constant_xi1_7 : memref<i1>
    %1 = memref.get_global @__constant_4xf32_5 : memref<4xf32>
    %2 = memref.get_global @__constant_4xf32_0 : memref<4xf32>
    return %0, %1, %2 : memref<i1>, memref<4xf32>, memref<4xf32>
  }
}

// -----

// Nothing to do without such globals.
// CHECK-LABEL: func.func @none
// CHECK:         memref.get_global @table
module {
  memref.global "private" constant @table : memref<2xf32> = dense<1.0>
  func.func @none() -> memref<2xf32> {
    %0 = memref.get_global @table : memref<2xf32>
    return %0 : memref<2xf32>
  }
}
