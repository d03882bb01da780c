// RUN: hlo-opt %s --pass-pipeline='builtin.module(spirv.module(hlo-vulkan-exact-float-arithmetic))' | FileCheck %s
// RUN: hlo-opt %s --no-implicit-module --pass-pipeline='spirv.module(hlo-vulkan-exact-float-arithmetic)' | hlo-translate --no-implicit-module --serialize-spirv -o %t.spv
// RUN: %if spirv-tools %{ spirv-val %t.spv %}
// RUN: %if spirv-tools %{ spirv-dis %t.spv | FileCheck %s --check-prefix=BINARY %}

// Float arithmetic gets NoContraction, so that the driver neither
// reassociates (a + M) - M to a nor fuses the multiply into the add;
// integer arithmetic and other ops are left alone.
// CHECK-LABEL: spirv.func @f
// CHECK: spirv.FMul %{{.*}}, %{{.*}} {no_contraction} : f64
// CHECK: spirv.FAdd %{{.*}}, %{{.*}} {no_contraction} : f64
// CHECK: spirv.FSub %{{.*}}, %{{.*}} {no_contraction} : f64
// CHECK: spirv.FDiv %{{.*}}, %{{.*}} {no_contraction} : vector<2xf32>
// CHECK: spirv.FNegate %{{.*}} {no_contraction} : f64
// CHECK: spirv.GL.Fma %{{.*}}, %{{.*}}, %{{.*}} {no_contraction} : f64
// CHECK: spirv.IAdd %{{.*}}, %{{.*}} : i32
// CHECK-NOT: no_contraction
// The serializer writes the decoration.
// BINARY-COUNT-6: OpDecorate %{{.*}} NoContraction
// BINARY-NOT: NoContraction
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Float64], []> {
  spirv.func @f() "None" {
    %a = spirv.Constant 1.5 : f64
    %m = spirv.Constant 6755399441055744.0 : f64
    %v = spirv.Constant dense<[1.0, 2.0]> : vector<2xf32>
    %i = spirv.Constant 3 : i32
    %p = spirv.FMul %a, %m : f64
    %s = spirv.FAdd %p, %m : f64
    %d = spirv.FSub %s, %m : f64
    %q = spirv.FDiv %v, %v : vector<2xf32>
    %n = spirv.FNegate %d : f64
    %f = spirv.GL.Fma %n, %a, %m : f64
    %j = spirv.IAdd %i, %i : i32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @f
  spirv.ExecutionMode @f "LocalSize", 1, 1, 1
}
