// RUN: hlo-opt %s --split-input-file --verify-diagnostics --hlo-vulkan-emulate-storage-types | FileCheck %s

// bf16 moves as i16: the kernel's buffers, loads, stores, selects, loop
// values and constants change type, the bitcasts the float emulation left
// around the loads and stores disappear, and the launch passes the host's
// bf16 buffer (an unrealized cast: the same memory) and the bits of its
// bf16 scalar.
// CHECK-LABEL: gpu.module @kernels
// CHECK: gpu.func @k(%[[IN:.+]]: memref<4xi16>, %[[OUT:.+]]: memref<4xi16>, %[[S:.+]]: i16) kernel
// CHECK: %[[ONE:.+]] = arith.constant 16256 : i16
// CHECK: %[[X:.+]] = memref.load %[[IN]][%{{.+}}] : memref<4xi16>
// CHECK-NOT: arith.bitcast
// CHECK: %[[W:.+]] = arith.extui %[[X]] : i16 to i32
// CHECK: %[[SUM:.+]] = scf.for {{.+}} iter_args(%[[ACC:.+]] = %[[ONE]]) -> (i16)
// CHECK: arith.select %{{.+}}, %[[ACC]], %[[S]] : i16
// CHECK: memref.store %[[SUM]], %[[OUT]][%{{.+}}] : memref<4xi16>
// CHECK: vector.load %[[IN]][%{{.+}}] : memref<4xi16>, vector<4xi16>
// CHECK: func.func @host(%[[HIN:.+]]: memref<4xbf16>, %[[HOUT:.+]]: memref<4xbf16>, %[[HS:.+]]: bf16)
// CHECK-DAG: %[[CIN:.+]] = builtin.unrealized_conversion_cast %[[HIN]] : memref<4xbf16> to memref<4xi16>
// CHECK-DAG: %[[COUT:.+]] = builtin.unrealized_conversion_cast %[[HOUT]] : memref<4xbf16> to memref<4xi16>
// CHECK-DAG: %[[BITS:.+]] = arith.bitcast %[[HS]] : bf16 to i16
// CHECK: gpu.launch_func @kernels::@k {{.*}} args(%[[CIN]] : memref<4xi16>, %[[COUT]] : memref<4xi16>, %[[BITS]] : i16)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%in: memref<4xbf16>, %out: memref<4xbf16>, %s: bf16) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %one = arith.constant 1.0 : bf16
      %t = gpu.thread_id x
      %x = memref.load %in[%t] : memref<4xbf16>
      %bits = arith.bitcast %x : bf16 to i16
      %wide = arith.extui %bits : i16 to i32
      %c = arith.cmpi sgt, %wide, %wide : i32
      %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %one) -> (bf16) {
        %y = arith.select %c, %acc, %s : bf16
        scf.yield %y : bf16
      }
      memref.store %sum, %out[%t] : memref<4xbf16>
      %v = vector.load %in[%c0] : memref<4xbf16>, vector<4xbf16>
      vector.store %v, %out[%c0] : memref<4xbf16>, vector<4xbf16>
      gpu.return
    }
  }
  func.func @host(%in: memref<4xbf16>, %out: memref<4xbf16>, %s: bf16) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%in : memref<4xbf16>, %out : memref<4xbf16>, %s : bf16)
    return
  }
}

// -----

// complex<f32> moves as vector<2xf32> (real part first, as in memory);
// complex.create/re/im become vector.from_elements/extract, complex
// constants vector constants, and a select of complex numbers selects by a
// vector of conditions.
// CHECK-LABEL: gpu.module @complex
// CHECK: gpu.func @k(%[[IN:.+]]: memref<2x3xvector<2xf32>>, %[[OUT:.+]]: memref<2x3xvector<2xf32>>, %[[P:.+]]: i1) kernel
// CHECK: %[[I:.+]] = arith.constant dense<[0.000000e+00, 1.000000e+00]> : vector<2xf32>
// CHECK: %[[Z:.+]] = memref.load %[[IN]][%{{.+}}, %{{.+}}] : memref<2x3xvector<2xf32>>
// CHECK: %[[RE:.+]] = vector.extract %[[Z]][0] : f32 from vector<2xf32>
// CHECK: %[[IM:.+]] = vector.extract %[[Z]][1] : f32 from vector<2xf32>
// CHECK: %[[NEG:.+]] = arith.negf %[[IM]] : f32
// CHECK: %[[CONJ:.+]] = vector.from_elements %[[RE]], %[[NEG]] : vector<2xf32>
// CHECK: %[[PS:.+]] = vector.broadcast %[[P]] : i1 to vector<2xi1>
// CHECK: %[[SEL:.+]] = arith.select %[[PS]], %[[CONJ]], %[[I]] : vector<2xi1>, vector<2xf32>
// CHECK: memref.store %[[SEL]], %[[OUT]][%{{.+}}, %{{.+}}] : memref<2x3xvector<2xf32>>
// CHECK: func.func @host(%[[HIN:.+]]: memref<2x3xcomplex<f32>>, %[[HOUT:.+]]: memref<2x3xcomplex<f32>>, %[[HP:.+]]: i1)
// CHECK-DAG: %[[CIN:.+]] = builtin.unrealized_conversion_cast %[[HIN]] : memref<2x3xcomplex<f32>> to memref<2x3xvector<2xf32>>
// CHECK-DAG: %[[COUT:.+]] = builtin.unrealized_conversion_cast %[[HOUT]] : memref<2x3xcomplex<f32>> to memref<2x3xvector<2xf32>>
// CHECK: gpu.launch_func @complex::@k {{.*}} args(%[[CIN]] : memref<2x3xvector<2xf32>>, %[[COUT]] : memref<2x3xvector<2xf32>>, %[[HP]] : i1)
module attributes {gpu.container_module} {
  gpu.module @complex {
    gpu.func @k(%in: memref<2x3xcomplex<f32>>, %out: memref<2x3xcomplex<f32>>, %p: i1) kernel {
      %i = complex.constant [0.0 : f32, 1.0 : f32] : complex<f32>
      %r = gpu.block_id x
      %c = gpu.thread_id x
      %z = memref.load %in[%r, %c] : memref<2x3xcomplex<f32>>
      %re = complex.re %z : complex<f32>
      %im = complex.im %z : complex<f32>
      %neg = arith.negf %im : f32
      %conj = complex.create %re, %neg : complex<f32>
      %sel = arith.select %p, %conj, %i : complex<f32>
      memref.store %sel, %out[%r, %c] : memref<2x3xcomplex<f32>>
      gpu.return
    }
  }
  func.func @host(%in: memref<2x3xcomplex<f32>>, %out: memref<2x3xcomplex<f32>>, %p: i1) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @complex::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%in : memref<2x3xcomplex<f32>>, %out : memref<2x3xcomplex<f32>>, %p : i1)
    return
  }
}

// -----

// A constant buffer of 8-bit floats keeps its bits as i8; workgroup
// buffers of bf16 become i16 ones.
// CHECK-LABEL: gpu.module @tables
// CHECK: memref.global "private" constant @table : memref<2xi8> = dense<[56, -72]>
// CHECK: memref.get_global @table : memref<2xi8>
// CHECK: memref.alloc() : memref<8xi16, 3>
module attributes {gpu.container_module} {
  gpu.module @tables {
    memref.global "private" constant @table : memref<2xf8E4M3FN> = dense<[1.0, -1.0]>
    gpu.func @k(%out: memref<2xf8E4M3FN>) kernel {
      %c0 = arith.constant 0 : index
      %t = memref.get_global @table : memref<2xf8E4M3FN>
      %x = memref.load %t[%c0] : memref<2xf8E4M3FN>
      memref.store %x, %out[%c0] : memref<2xf8E4M3FN>
      %shared = memref.alloc() : memref<8xbf16, 3>
      gpu.return
    }
  }
}

// -----

// Arithmetic on bf16 must have been emulated in f32 before.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<4xbf16>) kernel {
      %c0 = arith.constant 0 : index
      %x = memref.load %out[%c0] : memref<4xbf16>
      // expected-error @+1 {{unsupported on this device: 'bf16' in 'arith.addf'}}
      %y = arith.addf %x, %x : bf16
      memref.store %y, %out[%c0] : memref<4xbf16>
      gpu.return
    }
  }
}

// -----

// A complex scalar argument (a reduction's initial value) becomes its two
// parts, which the launch takes from the host's value; in the kernel they
// make the pair again.
// CHECK-LABEL: func.func @complex_scalar
// CHECK-SAME: (%[[BUF:.+]]: memref<4xcomplex<f32>>, %[[Z:.+]]: complex<f32>)
// CHECK-DAG: %[[RE:.+]] = complex.re %[[Z]] : complex<f32>
// CHECK-DAG: %[[IM:.+]] = complex.im %[[Z]] : complex<f32>
// CHECK-DAG: %[[CAST:.+]] = builtin.unrealized_conversion_cast %[[BUF]] : memref<4xcomplex<f32>> to memref<4xvector<2xf32>>
// CHECK: gpu.launch_func @kernels::@k blocks in ({{.*}}) threads in ({{.*}}) args(%[[CAST]] : memref<4xvector<2xf32>>, %[[RE]] : f32, %[[IM]] : f32, %{{.*}} : index)
// CHECK-LABEL: gpu.func @k
// CHECK-SAME: (%[[OUT:.+]]: memref<4xvector<2xf32>>, %[[KRE:.+]]: f32, %[[KIM:.+]]: f32, %[[I:.+]]: index) kernel
// CHECK: %[[PAIR:.+]] = vector.from_elements %[[KRE]], %[[KIM]] : vector<2xf32>
// CHECK: memref.store %[[PAIR]], %[[OUT]][%[[I]]] : memref<4xvector<2xf32>>
module attributes {gpu.container_module} {
  func.func @complex_scalar(%buf: memref<4xcomplex<f32>>, %z: complex<f32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buf : memref<4xcomplex<f32>>, %z : complex<f32>, %c2 : index)
    return
  }
  gpu.module @kernels {
    gpu.func @k(%out: memref<4xcomplex<f32>>, %z: complex<f32>, %i: index) kernel {
      memref.store %z, %out[%i] : memref<4xcomplex<f32>>
      gpu.return
    }
  }
}

// -----

// Nor is there a vector of f32 pairs for a complex constant buffer.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{unsupported on this device: 'complex<f32>' constant buffer}}
    memref.global "private" constant @table : memref<1xcomplex<f32>> = dense<[(1.0, 2.0)]>
  }
}
