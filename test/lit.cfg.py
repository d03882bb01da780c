# -*- Python -*-
# lit configuration of the hlo regression tests.

import os

import lit.formats
import lit.util
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "HLO"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".hlo", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.hlo_obj_root, "test")
# Unit/ is its own suite (GoogleTest format); Inputs/ hold helper files.
config.excludes = ["Inputs", "JaxCorpus", "Unit", "CMakeLists.txt", "README.md",
                   "lit.cfg.py", "lit.site.cfg.py"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%shlibext", config.llvm_shlib_ext))
config.substitutions.append(("%hlo_src_root", config.hlo_src_root))
config.substitutions.append(("%hlo_obj_root", config.hlo_obj_root))
# The C compiler of the build, for tests that build program objects by hand.
config.substitutions.append(("%host_cc", config.host_cc))
# LLVM's clang, for tests that compile LLVM IR (.ll), which %host_cc cannot
# when the project is built with GCC (scripts/test-gcc.sh).
config.substitutions.append(
    ("%llvm_clang", os.path.join(config.llvm_tools_dir, "clang")))
config.substitutions.append(
    ("%hlo_plugin", os.path.join(config.hlo_lib_dir, "libHloPlugin" + config.llvm_shlib_ext)))
# The stock mlir-opt of the LLVM installation, not a tool of ours.
config.substitutions.append(
    ("%stock_mlir_opt", os.path.join(config.llvm_tools_dir, "mlir-opt")))

# ../shared (external corpora and examples) is optional; tests that use it
# are marked `REQUIRES: shared` and skip cleanly without it.
shared_dir = os.environ.get(
    "HLO_SHARED_DIR", os.path.join(config.hlo_src_root, os.pardir, "shared"))
if os.path.isdir(shared_dir):
    config.available_features.add("shared")
    config.substitutions.append(("%shared", os.path.abspath(shared_dir)))

# JAX (with its XLA:CPU) is optional: tests that compare with it live are
# marked `REQUIRES: jax` and skip cleanly without it. They run their scripts
# with %jax_python: lit's own interpreter or the first python3 on PATH
# (HLO_JAX_PYTHON overrides) that can `import jax`.
import shutil
import subprocess
import sys
for jax_python in [os.environ.get("HLO_JAX_PYTHON"), sys.executable,
                   shutil.which("python3")]:
    if jax_python and subprocess.run(
            [jax_python, "-c", "import jax"], stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL).returncode == 0:
        config.available_features.add("jax")
        config.substitutions.append(("%jax_python", jax_python))
        break

# numpy is optional too: tests that compare with a numpy (float64)
# reference computed at test time are marked `REQUIRES: numpy` and run their
# scripts with %numpy_python (lit's interpreter or the first python3 on PATH
# that can `import numpy`).
for numpy_python in [sys.executable, shutil.which("python3")]:
    if numpy_python and subprocess.run(
            [numpy_python, "-c", "import numpy"], stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL).returncode == 0:
        config.available_features.add("numpy")
        config.substitutions.append(("%numpy_python", numpy_python))
        break

# The higher-precision references of utils/ulp_sweep.py: scipy (float64
# special functions, for f32) and mpmath (for f64), optional like numpy:
# `REQUIRES: scipy` / `REQUIRES: mpmath`, run with %scipy_python /
# %mpmath_python.
for module in ["scipy", "mpmath"]:
    for module_python in [sys.executable, shutil.which("python3")]:
        if module_python and subprocess.run(
                [module_python, "-c", f"import numpy, {module}"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL).returncode == 0:
            config.available_features.add(module)
            config.substitutions.append((f"%{module}_python", module_python))
            break

# The host's AVX-512 dot instructions (vdpbf16ps, vpdpbusd): tests that
# force the AVX-512 narrow-dot kernels on (target-features=+avx512bf16,...)
# run only where the JIT's code can execute.
try:
    with open("/proc/cpuinfo") as cpuinfo:
        cpu_flags = set()
        for line in cpuinfo:
            if line.startswith("flags"):
                cpu_flags.update(line.split(":", 1)[1].split())
                break
    if {"avx512f", "avx512bw", "avx512_bf16", "avx512_vnni"} <= cpu_flags:
        config.available_features.add("avx512-dots")
except OSError:
    pass

# The system's C compiler (`cc`, GCC on Debian) builds the C programs that
# call objects compiled ahead of time.
if shutil.which("cc"):
    config.available_features.add("cc")

# graphviz's `dot` renders the .dot graphs of --hlo-dump-to (optional).
if shutil.which("dot"):
    config.available_features.add("graphviz")

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.hlo_tools_dir, append_path=True)

tool_dirs = [config.hlo_tools_dir, config.llvm_tools_dir]
tools = ["hlo-opt", "hlo-runner", "hlo-translate", "hlo-compile"]
# hlo-aot-run and the CUDA runtime are built where the CUDA headers are.
if os.path.exists(os.path.join(config.hlo_tools_dir, "hlo-aot-run")):
    config.available_features.add("hlo-aot-run")
    tools.append("hlo-aot-run")
    # The toolkit's cuda.h, for building the fake driver of the tests.
    config.substitutions.append(("%cuda_include", config.cuda_include_dir))
# The CUDA toolkit's stub libcuda (for linking, no driver inside) lets tests
# check that the runtime resolves every driver function it needs.
cuda_stub = os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"),
                         "lib64", "stubs", "libcuda.so")
if os.path.exists(cuda_stub):
    config.available_features.add("cuda-stub-driver")
    config.substitutions.append(("%cuda_stub_driver", cuda_stub))
# The toolkit's ptxas assembles the PTX of the CUDA back end in tests (and
# gpu-module-to-binary calls it for cubins).
cuda_home = os.environ.get("CUDA_HOME", "/usr/local/cuda")
ptxas = os.path.join(cuda_home, "bin", "ptxas")
if os.access(ptxas, os.X_OK):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
# MLIR's runner and its utility libraries execute lowered test programs.
mlir_lib_dir = os.path.join(os.path.dirname(config.llvm_tools_dir), "lib")
config.substitutions.append(
    ("%mlir_runner_utils",
     os.path.join(mlir_lib_dir, "libmlir_runner_utils" + config.llvm_shlib_ext)))
config.substitutions.append(
    ("%mlir_c_runner_utils",
     os.path.join(mlir_lib_dir,
                  "libmlir_c_runner_utils" + config.llvm_shlib_ext)))
llvm_config.add_tool_substitutions(tools, tool_dirs)

# SPIRV-Tools' validator and disassembler (Debian's spirv-tools) check the
# SPIR-V binaries the Vulkan back end serializes: `REQUIRES: spirv-tools`.
if shutil.which("spirv-val") and shutil.which("spirv-dis"):
    config.available_features.add("spirv-tools")

# Tests that execute on a Vulkan device (Mesa's lavapipe runs on the CPU)
# need one listed by `hlo-runner --list-devices`.
runner = os.path.join(config.hlo_tools_dir, "hlo-runner")
if os.path.exists(runner):
    try:
        devices = subprocess.run([runner, "--list-devices"],
                                 capture_output=True, text=True,
                                 timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        devices = ""
    if any(line.startswith("vulkan:") and "unavailable" not in line
           for line in devices.splitlines()):
        config.available_features.add("vulkan")
