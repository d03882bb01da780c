// RUN: not hlo-opt %s --hlo-fuse-f16-multiply-add 2>&1 | FileCheck %s

// The pass runs on what verifies: an f16 addition of mismatched operand
// types is the parser's located error, before any rewrite.
// CHECK: error: use of value '%p' expects different type than prior uses
func.func @mismatched(%a: f16, %b: f16, %c: f32) -> f32 {
  %p = arith.mulf %a, %b : f16
  %r = arith.addf %p, %c : f32
  return %r : f32
}
