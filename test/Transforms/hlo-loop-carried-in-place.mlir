// RUN: hlo-opt %s --split-input-file --hlo-loop-carried-in-place | FileCheck %s

// scf.for: the next value of the carried tensor is computed into the carried
// tensor itself instead of a fresh tensor.empty.
// CHECK-LABEL: func.func @for_elementwise(
// CHECK:         scf.for {{.*}} iter_args(%[[X:.*]] = %{{.*}}) -> (tensor<8xf32>)
// CHECK:           %[[Y:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<8xf32>) outs(%[[X]] : tensor<8xf32>)
// CHECK:           scf.yield %[[Y]]
#id = affine_map<(d0) -> (d0)>
func.func @for_elementwise(%init: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %init) -> (tensor<8xf32>) {
    %e = tensor.empty() : tensor<8xf32>
    %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
    ^bb0(%a: f32, %o: f32):
      %s = arith.mulf %a, %a : f32
      linalg.yield %s : f32
    } -> tensor<8xf32>
    scf.yield %y : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// -----

// scf.while (as hlo.while lowers): the chain back from the yield goes
// through a fill and a tiled loop to the tensor.empty, which becomes the
// body's argument; a value yielded unchanged and one of another type are
// left alone.
// CHECK-LABEL: func.func @while_chain(
// CHECK:         scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}})
// CHECK:         } do {
// CHECK-NEXT:    ^bb0(%[[A:.*]]: tensor<4x8xf32>, %[[B:.*]]: tensor<8xf32>, %[[K:.*]]: i32):
// CHECK:           %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : tensor<4x8xf32>)
// CHECK:           %[[L:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[F]])
// CHECK:           scf.yield %[[L]], %[[B]], %{{.*}} : tensor<4x8xf32>, tensor<8xf32>, i32
func.func @while_chain(%a: tensor<4x8xf32>, %b: tensor<8xf32>, %k: i32) -> tensor<4x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %cst = arith.constant 0.0 : f32
  %one = arith.constant 1 : i32
  %r:3 = scf.while (%x = %a, %y = %b, %i = %k) : (tensor<4x8xf32>, tensor<8xf32>, i32) -> (tensor<4x8xf32>, tensor<8xf32>, i32) {
    %zero = arith.constant 0 : i32
    %go = arith.cmpi sgt, %i, %zero : i32
    scf.condition(%go) %x, %y, %i : tensor<4x8xf32>, tensor<8xf32>, i32
  } do {
  ^bb0(%x: tensor<4x8xf32>, %y: tensor<8xf32>, %i: i32):
    %e = tensor.empty() : tensor<4x8xf32>
    %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
    %l = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc = %f) -> (tensor<4x8xf32>) {
      %row = tensor.extract_slice %x[%j, 0] [1, 8] [1, 1] : tensor<4x8xf32> to tensor<8xf32>
      %s = arith.addf %cst, %cst : f32
      %u = tensor.insert_slice %y into %acc[%j, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<4x8xf32>
      scf.yield %u : tensor<4x8xf32>
    }
    %next = arith.subi %i, %one : i32
    scf.yield %l, %y, %next : tensor<4x8xf32>, tensor<8xf32>, i32
  }
  return %r#0 : tensor<4x8xf32>
}

// -----

// A yield computed into a tensor with defined contents, or into an empty
// tensor of another type, is left alone; so is a while whose condition
// region does not forward its arguments in order.
// CHECK-LABEL: func.func @left_alone(
// CHECK-SAME:      %{{.*}}: tensor<8xf32>, %[[OTHER:[^:]*]]: tensor<8xf32>
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<8xf32>
// CHECK:         linalg.generic {{.*}} outs(%[[OTHER]] : tensor<8xf32>)
// CHECK:         linalg.generic {{.*}} outs(%[[E]] : tensor<8xf32>)
// CHECK-LABEL: func.func @swapped_condition(
// CHECK:         %[[E2:.*]] = tensor.empty() : tensor<8xf32>
// CHECK:         linalg.generic {{.*}} outs(%[[E2]] : tensor<8xf32>)
#id = affine_map<(d0) -> (d0)>
func.func @left_alone(%init: tensor<8xf32>, %other: tensor<8xf32>, %n: index) -> (tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %init, %z = %init) -> (tensor<8xf32>, tensor<8xf32>) {
    %e = tensor.empty() : tensor<8xf32>
    // Defined contents: the generic reads its init.
    %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%x : tensor<8xf32>) outs(%other : tensor<8xf32>) {
    ^bb0(%a: f32, %o: f32):
      %s = arith.addf %a, %o : f32
      linalg.yield %s : f32
    } -> tensor<8xf32>
    // The same tensor.empty, used by a computation that is not yielded.
    %w = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
    ^bb0(%a: f32, %o: f32):
      linalg.yield %a : f32
    } -> tensor<8xf32>
    scf.yield %y, %z : tensor<8xf32>, tensor<8xf32>
  }
  return %r#0, %r#1 : tensor<8xf32>, tensor<8xf32>
}
func.func @swapped_condition(%a: tensor<8xf32>, %b: tensor<8xf32>, %go: i1) -> tensor<8xf32> {
  %r:2 = scf.while (%x = %a, %y = %b) : (tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
    scf.condition(%go) %y, %x : tensor<8xf32>, tensor<8xf32>
  } do {
  ^bb0(%x: tensor<8xf32>, %y: tensor<8xf32>):
    %e = tensor.empty() : tensor<8xf32>
    %n = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
    ^bb0(%v: f32, %o: f32):
      linalg.yield %v : f32
    } -> tensor<8xf32>
    scf.yield %n, %y : tensor<8xf32>, tensor<8xf32>
  }
  return %r#0 : tensor<8xf32>
}

// -----

// scf.while whose body is a tile loop over two carried arrays, each tile
// read from both and written to both (a multi-output elementwise fusion,
// vectorized): once the tile loop writes the carried arrays, its reads of
// the same tile of them read the tile loop's iteration arguments, so that
// bufferization updates both arrays in place instead of copying them. A read
// of another tile (%off) keeps reading the value from before the loop.
// CHECK-LABEL: func.func @while_tiles(
// CHECK:         } do {
// CHECK-NEXT:    ^bb0(%[[X:.*]]: tensor<256xi32>, %[[Y:.*]]: tensor<256xi32>, %{{.*}}: i32):
// CHECK:           scf.for %[[I:.*]] = {{.*}} iter_args(%[[A:.*]] = %[[X]], %[[B:.*]] = %[[Y]])
// CHECK-DAG:         tensor.extract_slice %[[A]][%[[I]]] [64] [1]
// CHECK-DAG:         tensor.extract_slice %[[B]][%[[I]]] [64] [1]
// CHECK-DAG:         tensor.extract_slice %[[X]][%{{.*}}] [64] [1]
// CHECK:             tensor.insert_slice %{{.*}} into %[[A]][%[[I]]] [64] [1]
// CHECK:             tensor.insert_slice %{{.*}} into %[[B]][%[[I]]] [64] [1]
func.func @while_tiles(%a: tensor<256xi32>, %b: tensor<256xi32>, %k: i32) -> (tensor<256xi32>, tensor<256xi32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %one = arith.constant 1 : i32
  %r:3 = scf.while (%x = %a, %y = %b, %i = %k) : (tensor<256xi32>, tensor<256xi32>, i32) -> (tensor<256xi32>, tensor<256xi32>, i32) {
    %zero = arith.constant 0 : i32
    %go = arith.cmpi sgt, %i, %zero : i32
    scf.condition(%go) %x, %y, %i : tensor<256xi32>, tensor<256xi32>, i32
  } do {
  ^bb0(%x: tensor<256xi32>, %y: tensor<256xi32>, %i: i32):
    %e = tensor.empty() : tensor<256xi32>
    %l:2 = scf.for %t = %c0 to %c256 step %c64 iter_args(%p = %e, %q = %e) -> (tensor<256xi32>, tensor<256xi32>) {
      %xs = tensor.extract_slice %x[%t] [64] [1] : tensor<256xi32> to tensor<64xi32>
      %ys = tensor.extract_slice %y[%t] [64] [1] : tensor<256xi32> to tensor<64xi32>
      %off = arith.addi %t, %c64 : index
      %wrap = arith.remui %off, %c256 : index
      %xo = tensor.extract_slice %x[%wrap] [64] [1] : tensor<256xi32> to tensor<64xi32>
      %ps = tensor.extract_slice %p[%t] [64] [1] : tensor<256xi32> to tensor<64xi32>
      %qs = tensor.extract_slice %q[%t] [64] [1] : tensor<256xi32> to tensor<64xi32>
      %s = arith.addi %xs, %ys : tensor<64xi32>
      %d = arith.xori %s, %xo : tensor<64xi32>
      %pw = linalg.copy ins(%s : tensor<64xi32>) outs(%ps : tensor<64xi32>) -> tensor<64xi32>
      %qw = linalg.copy ins(%d : tensor<64xi32>) outs(%qs : tensor<64xi32>) -> tensor<64xi32>
      %pn = tensor.insert_slice %pw into %p[%t] [64] [1] : tensor<64xi32> into tensor<256xi32>
      %qn = tensor.insert_slice %qw into %q[%t] [64] [1] : tensor<64xi32> into tensor<256xi32>
      scf.yield %pn, %qn : tensor<256xi32>, tensor<256xi32>
    }
    %j = arith.subi %i, %one : i32
    scf.yield %l#0, %l#1, %j : tensor<256xi32>, tensor<256xi32>, i32
  }
  return %r#0, %r#1 : tensor<256xi32>, tensor<256xi32>
}
