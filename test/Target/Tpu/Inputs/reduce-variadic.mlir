// Argmax and argmin reductions of generated arrays over several blocks
// (execute-reduce-variadic.mlir runs it on the simulator and the CPU path):
// f32 rows over two blocks of columns (256 and a partial 44), f32 columns
// over two blocks of rows, bf16 rows (16-row registers beside the indices'
// 8-row ones) over a partial row block, i8 rows (32-row registers) with
// many ties, and the middle dimension of a 3-D array.
func.func @main(%x: tensor<40x300xf32>, %y: tensor<300x200xf32>, %h: tensor<37x260xbf16>,
                %q: tensor<70x130xi8>, %t: tensor<5x37x260xf32>)
    -> (tensor<40xf32>, tensor<40xi32>, tensor<200xi32>, tensor<37xi32>, tensor<70xi32>, tensor<5x260xi32>) {
  %zi = hlo.constant dense<0> : tensor<i32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %inf = hlo.constant dense<0x7F800000> : tensor<f32>
  %hninf = hlo.constant dense<0xFF80> : tensor<bf16>
  %qmax = hlo.constant dense<127> : tensor<i8>
  %xi = hlo.iota dim = 1 : tensor<40x300xi32>
  %0:2 = hlo.reduce(%x init: %ninf), (%xi init: %zi) across dimensions = [1] : (tensor<40x300xf32>, tensor<40x300xi32>, tensor<f32>, tensor<i32>) -> (tensor<40xf32>, tensor<40xi32>)
   reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>) {
    %better = hlo.compare GT, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %nan = hlo.compare NE, %a, %a : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %take = hlo.or %better, %nan : tensor<i1>
    %eq = hlo.compare EQ, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lt = hlo.compare LT, %b, %d : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = hlo.and %eq, %lt : tensor<i1>
    %takei = hlo.or %take, %tie : tensor<i1>
    %v = hlo.select %take, %a, %c : tensor<i1>, tensor<f32>
    %i = hlo.select %takei, %b, %d : tensor<i1>, tensor<i32>
    hlo.return %v, %i : tensor<f32>, tensor<i32>
  }
  %yi = hlo.iota dim = 0 : tensor<300x200xi32>
  %1:2 = hlo.reduce(%y init: %inf), (%yi init: %zi) across dimensions = [0] : (tensor<300x200xf32>, tensor<300x200xi32>, tensor<f32>, tensor<i32>) -> (tensor<200xf32>, tensor<200xi32>)
   reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>) {
    %better = hlo.compare LT, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %nan = hlo.compare NE, %a, %a : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %take = hlo.or %better, %nan : tensor<i1>
    %eq = hlo.compare EQ, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lt = hlo.compare LT, %b, %d : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = hlo.and %eq, %lt : tensor<i1>
    %takei = hlo.or %take, %tie : tensor<i1>
    %v = hlo.select %take, %a, %c : tensor<i1>, tensor<f32>
    %i = hlo.select %takei, %b, %d : tensor<i1>, tensor<i32>
    hlo.return %v, %i : tensor<f32>, tensor<i32>
  }
  %hi = hlo.iota dim = 1 : tensor<37x260xi32>
  %2:2 = hlo.reduce(%h init: %hninf), (%hi init: %zi) across dimensions = [1] : (tensor<37x260xbf16>, tensor<37x260xi32>, tensor<bf16>, tensor<i32>) -> (tensor<37xbf16>, tensor<37xi32>)
   reducer(%a: tensor<bf16>, %c: tensor<bf16>) (%b: tensor<i32>, %d: tensor<i32>) {
    %better = hlo.compare GT, %a, %c : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
    %nan = hlo.compare NE, %a, %a : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
    %take = hlo.or %better, %nan : tensor<i1>
    %eq = hlo.compare EQ, %a, %c : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
    %lt = hlo.compare LT, %b, %d : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = hlo.and %eq, %lt : tensor<i1>
    %takei = hlo.or %take, %tie : tensor<i1>
    %v = hlo.select %take, %a, %c : tensor<i1>, tensor<bf16>
    %i = hlo.select %takei, %b, %d : tensor<i1>, tensor<i32>
    hlo.return %v, %i : tensor<bf16>, tensor<i32>
  }
  %qi = hlo.iota dim = 1 : tensor<70x130xi32>
  %3:2 = hlo.reduce(%q init: %qmax), (%qi init: %zi) across dimensions = [1] : (tensor<70x130xi8>, tensor<70x130xi32>, tensor<i8>, tensor<i32>) -> (tensor<70xi8>, tensor<70xi32>)
   reducer(%a: tensor<i8>, %c: tensor<i8>) (%b: tensor<i32>, %d: tensor<i32>) {
    %better = hlo.compare LT, %a, %c : (tensor<i8>, tensor<i8>) -> tensor<i1>
    %eq = hlo.compare EQ, %a, %c : (tensor<i8>, tensor<i8>) -> tensor<i1>
    %lt = hlo.compare LT, %b, %d : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = hlo.and %eq, %lt : tensor<i1>
    %betteri = hlo.or %better, %tie : tensor<i1>
    %v = hlo.select %better, %a, %c : tensor<i1>, tensor<i8>
    %i = hlo.select %betteri, %b, %d : tensor<i1>, tensor<i32>
    hlo.return %v, %i : tensor<i8>, tensor<i32>
  }
  %ti = hlo.iota dim = 1 : tensor<5x37x260xi32>
  %4:2 = hlo.reduce(%t init: %ninf), (%ti init: %zi) across dimensions = [1] : (tensor<5x37x260xf32>, tensor<5x37x260xi32>, tensor<f32>, tensor<i32>) -> (tensor<5x260xf32>, tensor<5x260xi32>)
   reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>) {
    %better = hlo.compare GT, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %nan = hlo.compare NE, %a, %a : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %take = hlo.or %better, %nan : tensor<i1>
    %eq = hlo.compare EQ, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lt = hlo.compare LT, %b, %d : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = hlo.and %eq, %lt : tensor<i1>
    %takei = hlo.or %take, %tie : tensor<i1>
    %v = hlo.select %take, %a, %c : tensor<i1>, tensor<f32>
    %i = hlo.select %takei, %b, %d : tensor<i1>, tensor<i32>
    hlo.return %v, %i : tensor<f32>, tensor<i32>
  }
  return %0#0, %0#1, %1#1, %2#1, %3#1, %4#1 : tensor<40xf32>, tensor<40xi32>, tensor<200xi32>, tensor<37xi32>, tensor<70xi32>, tensor<5x260xi32>
}
