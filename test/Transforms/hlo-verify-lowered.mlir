// RUN: hlo-opt %s -split-input-file --hlo-verify-lowered -verify-diagnostics
// RUN: hlo-opt %s -split-input-file --hlo-verify-lowered='dialects=llvm,func,arith' | FileCheck %s --check-prefix=ALLOWED

// Only llvm ops (and the module) are accepted by default.
// ALLOWED-LABEL: llvm.func @lowered
llvm.func @lowered(%x: i32) -> i32 {
  llvm.return %x : i32
}

// -----

// Every op left over is reported by name, where it is.
// ALLOWED-LABEL: func.func @leftover
// expected-error @+1 {{'func.func' op was not lowered to the llvm dialect}}
func.func @leftover(%x: i32) -> i32 {
  // expected-error @+1 {{'arith.addi' op was not lowered to the llvm dialect}}
  %y = arith.addi %x, %x : i32
  // expected-error @+1 {{'func.return' op was not lowered to the llvm dialect}}
  return %y : i32
}
