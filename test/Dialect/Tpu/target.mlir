// RUN: hlo-opt %s | hlo-opt | FileCheck %s --check-prefix=TARGET
// Targets: presets print by name, other chips field by field.
// TARGET: tpu.target = #tpu.target<v6e>
// TARGET: tpu.target = #tpu.target<chip = "mine", generation = 4, lanes = 128, sublanes = 8, mxu_rows = 128, mxu_cols = 128, mxu_count = 2, vmem_bytes = 16777216, smem_bytes = 16384, hbm_bytes_per_second = 1200000000000, peak_bf16_flops = 275000000000000, clock_mhz = 1050>
// A preset's numbers written out are the preset.
// TARGET: tpu.target = #tpu.target<v5e>
module attributes {tpu.target = #tpu.target<v6e>} {}
module attributes {tpu.target = #tpu.target<chip = "mine", generation = 4, lanes = 128, sublanes = 8, mxu_rows = 128, mxu_cols = 128, mxu_count = 2, vmem_bytes = 16777216, smem_bytes = 16384, hbm_bytes_per_second = 1200000000000, peak_bf16_flops = 275000000000000, clock_mhz = 1050>} {}
module attributes {tpu.target = #tpu.target<chip = "v5e", generation = 5, lanes = 128, sublanes = 8, mxu_rows = 128, mxu_cols = 128, mxu_count = 4, vmem_bytes = 134217728, smem_bytes = 1048576, hbm_bytes_per_second = 819000000000, peak_bf16_flops = 197000000000000, clock_mhz = 1500>} {}
