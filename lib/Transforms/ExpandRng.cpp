//===- ExpandRng.cpp - random number ops as integer hlo ops ---------------===//
//
// hlo.rng_bit_generator becomes the computation XLA's RngBitGeneratorExpander
// builds with xla/hlo/builder/lib/prng.cc, restated here as hlo ops:
//
// * THREE_FRY, state [key, counter]: Threefry-2x32 (20 rounds, key
//   (lo(key), hi(key))) of the 64-bit counters counter + i, as (lo, hi)
//   words. A 64-bit output element i is word0 | word1 << 32 of counter + i;
//   32-bit outputs split the shape in halves along its first even dimension
//   (else its largest), both words of one counter filling two neighbours
//   along that dimension. The new state is [key, counter + #counters].
// * PHILOX (and DEFAULT, XLA:CPU's default), state [key, c_lo] or
//   [key, c_lo, c_hi] (for two elements the 128-bit counter's high half is
//   the key itself, as XLA reverses the state): Philox-4x32 (10 rounds,
//   key (lo(key), hi(key))) of the 128-bit counters c + i, the four words of
//   each filling four consecutive 32-bit outputs (two 64-bit ones, low word
//   first). The new state is [key, (c + #counters)...] of the same size.
// * Outputs narrower than 32 bits are the low bits of one 32-bit output
//   each; signed and float outputs reinterpret the unsigned bits.
//
// hlo.rng becomes XLA's RngExpander formulas over such bits.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Transforms/ExpandRng.h"

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/PatternMatch.h"

#include <cmath>
#include <numeric>

using namespace mlir;
using namespace mlir::hlo;

namespace {

/// Builds hlo ops on tensors; 0-d tensors stand for scalars.
class Emitter {
public:
  explicit Emitter(ImplicitLocOpBuilder &b)
      : b(b), u32(IntegerType::get(b.getContext(), 32, IntegerType::Unsigned)),
        u64(IntegerType::get(b.getContext(), 64, IntegerType::Unsigned)) {}

  ImplicitLocOpBuilder &b;
  Type u32, u64;

  static RankedTensorType type(ArrayRef<int64_t> shape, Type element) {
    return RankedTensorType::get(shape, element);
  }
  static ArrayRef<int64_t> shapeOf(Value v) {
    return cast<RankedTensorType>(v.getType()).getShape();
  }
  static Type elementOf(Value v) {
    return cast<RankedTensorType>(v.getType()).getElementType();
  }

  Value splat(ArrayRef<int64_t> shape, Type element, uint64_t bits) {
    RankedTensorType t = type(shape, element);
    auto attr = DenseElementsAttr::get(
        t, IntegerAttr::get(element,
                            APInt(element.getIntOrFloatBitWidth(), bits)));
    return ConstantOp::create(b, t, attr);
  }
  Value splatFloat(ArrayRef<int64_t> shape, Type element, double value) {
    RankedTensorType t = type(shape, element);
    auto attr =
        DenseElementsAttr::get(t, FloatAttr::get(cast<FloatType>(element),
                                                 value));
    return ConstantOp::create(b, t, attr);
  }
  /// An integer constant of `like`'s type.
  Value cst(Value like, uint64_t bits) {
    return splat(shapeOf(like), elementOf(like), bits);
  }
  Value fcst(Value like, double value) {
    return splatFloat(shapeOf(like), elementOf(like), value);
  }

  Value add(Value x, Value y) { return AddOp::create(b, x, y); }
  Value sub(Value x, Value y) { return SubtractOp::create(b, x, y); }
  Value mul(Value x, Value y) { return MulOp::create(b, x, y); }
  Value rem(Value x, Value y) { return RemOp::create(b, x, y); }
  Value xorOp(Value x, Value y) { return XorOp::create(b, x, y); }
  Value orOp(Value x, Value y) { return OrOp::create(b, x, y); }
  Value max(Value x, Value y) { return MaxOp::create(b, x, y); }
  Value shl(Value x, uint64_t n) { return ShiftLeftOp::create(b, x, cst(x, n)); }
  Value shr(Value x, uint64_t n) {
    return ShiftRightLogicalOp::create(b, x, cst(x, n));
  }
  Value convert(Value x, Type element) {
    if (elementOf(x) == element)
      return x;
    return ConvertOp::create(b, type(shapeOf(x), element), x);
  }
  Value bitcast(Value x, Type element) {
    if (elementOf(x) == element)
      return x;
    return BitcastConvertOp::create(b, type(shapeOf(x), element), x);
  }
  Value reshape(Value x, ArrayRef<int64_t> shape) {
    if (shapeOf(x) == shape)
      return x;
    return ReshapeOp::create(b, type(shape, elementOf(x)), x);
  }
  /// Broadcasts a 0-d tensor to `shape`.
  Value broadcast(Value scalar, ArrayRef<int64_t> shape) {
    return BroadcastInDimOp::create(b, type(shape, elementOf(scalar)), scalar,
                                    b.getDenseI64ArrayAttr({}));
  }
  Value slice(Value x, ArrayRef<int64_t> start, ArrayRef<int64_t> limit) {
    SmallVector<int64_t> strides(start.size(), 1), shape;
    for (auto [s, l] : llvm::zip(start, limit))
      shape.push_back(l - s);
    return SliceOp::create(b, type(shape, elementOf(x)), x,
                           b.getDenseI64ArrayAttr(start),
                           b.getDenseI64ArrayAttr(limit),
                           b.getDenseI64ArrayAttr(strides));
  }
  Value concat(ValueRange xs, int64_t dim) {
    SmallVector<int64_t> shape(shapeOf(xs.front()));
    shape[dim] = 0;
    for (Value x : xs)
      shape[dim] += shapeOf(x)[dim];
    return ConcatenateOp::create(b, type(shape, elementOf(xs.front())), xs,
                                 b.getI64IntegerAttr(dim));
  }
  Value iota(int64_t n, Type element) {
    return IotaOp::create(b, type({n}, element), b.getI64IntegerAttr(0));
  }
  Value compare(ComparisonDirection direction, Value x, Value y,
                ComparisonType kind) {
    return CompareOp::create(
        b, type(shapeOf(x), b.getI1Type()), x, y,
        ComparisonDirectionAttr::get(b.getContext(), direction),
        ComparisonTypeAttr::get(b.getContext(), kind));
  }
  Value ultU(Value x, Value y) {
    return compare(ComparisonDirection::LT, x, y, ComparisonType::UNSIGNED);
  }
  Value select(Value p, Value x, Value y) {
    return SelectOp::create(b, p, x, y);
  }
  /// Element i of a 1-d tensor as a 0-d tensor.
  Value element(Value v, int64_t i) {
    return reshape(slice(v, {i}, {i + 1}), {});
  }
  /// The low and high 32-bit words of a ui64 tensor.
  std::pair<Value, Value> words(Value x) {
    return {convert(x, u32), convert(shr(x, 32), u32)};
  }
  /// lo | hi << 32.
  Value join(Value lo, Value hi) {
    auto convert2 = convert(lo, u64);
    auto shl2 = shl(convert(hi, u64), 32);
    return orOp(convert2, shl2);
  }
  Value rotl(Value x, int r) {
    auto shl3 = shl(x, r);
    auto shr2 = shr(x, 32 - r);
    return orOp(shl3, shr2);
  }

  /// Threefry-2x32 with 20 rounds (Salmon et al.; XLA's ThreeFry2x32).
  std::pair<Value, Value> threefry(Value x0, Value x1, Value k0, Value k1) {
    static const int rotations[8] = {13, 15, 26, 6, 17, 29, 16, 24};
    Value ks[3] = {k0, k1, xorOp(xorOp(cst(k0, 0x1BD11BDA), k0), k1)};
    x0 = add(x0, ks[0]);
    x1 = add(x1, ks[1]);
    for (int group = 0; group < 5; ++group) {
      for (int r = 0; r < 4; ++r) {
        x0 = add(x0, x1);
        x1 = xorOp(x0, rotl(x1, rotations[(group % 2) * 4 + r]));
      }
      x0 = add(x0, ks[(group + 1) % 3]);
      auto add2 = add(x1, ks[(group + 2) % 3]);
      auto cst2 = cst(x1, group + 1);
      x1 = add(add2, cst2);
    }
    return {x0, x1};
  }

  /// Philox-4x32 with 10 rounds (Salmon et al.; XLA's Philox4x32).
  std::array<Value, 4> philox(std::array<Value, 4> x, Value k0, Value k1) {
    auto mulHiLo = [&](Value v, uint32_t m) -> std::pair<Value, Value> {
      auto convert3 = convert(v, u64);
      auto cst3 = cst(convert(v, u64), m);
      Value p = mul(convert3, cst3);
      return {convert(shr(p, 32), u32), convert(p, u32)};
    };
    for (int round = 0; round < 10; ++round) {
      if (round > 0) {
        k0 = add(k0, cst(k0, 0x9E3779B9));
        k1 = add(k1, cst(k1, 0xBB67AE85));
      }
      auto [hi0, lo0] = mulHiLo(x[0], 0xD2511F53);
      auto [hi1, lo1] = mulHiLo(x[2], 0xCD9E8D57);
      x = {xorOp(xorOp(hi1, x[1]), k0), lo1, xorOp(xorOp(hi0, x[3]), k1),
           lo0};
    }
    return x;
  }
};

int64_t numElements(ArrayRef<int64_t> shape) {
  return std::accumulate(shape.begin(), shape.end(), int64_t{1},
                         std::multiplies<int64_t>());
}

/// XLA's SplitShapeIntoHalves: `shape` with dimension `splitDim` halved
/// (rounded up) and a new dimension of 1 (`half`) or 2 (`concat`) after it.
/// A 0-d shape is taken as [1].
struct SplitShape {
  SmallVector<int64_t> half, concat, padded;
  int64_t splitDim = 0;
};

SplitShape splitShapeIntoHalves(ArrayRef<int64_t> original) {
  SmallVector<int64_t> shape(original);
  if (shape.empty())
    shape.push_back(1);
  SplitShape s;
  int64_t dim = -1;
  for (auto [i, d] : llvm::enumerate(shape))
    if (d % 2 == 0) {
      dim = i;
      break;
    }
  if (dim == -1) {
    dim = 0;
    for (auto [i, d] : llvm::enumerate(shape))
      if (d > shape[dim])
        dim = i;
  }
  s.splitDim = dim;
  for (auto [i, d] : llvm::enumerate(shape)) {
    if (static_cast<int64_t>(i) == dim) {
      s.half.append({(d + 1) / 2, 1});
      s.concat.append({(d + 1) / 2, 2});
      s.padded.push_back((d + 1) / 2 * 2);
    } else {
      s.half.push_back(d);
      s.concat.push_back(d);
      s.padded.push_back(d);
    }
  }
  return s;
}

/// XLA's CombineShapePair: interleaves two tensors of `s.half` along the
/// split dimension and crops to `original`.
Value combineHalves(Emitter &e, Value first, Value second, const SplitShape &s,
                    ArrayRef<int64_t> original) {
  Value joined = e.reshape(e.concat({first, second}, s.splitDim + 1),
                           s.padded);
  SmallVector<int64_t> cropped(original);
  if (cropped.empty())
    cropped.push_back(1);
  if (cropped != s.padded)
    joined = e.slice(joined, SmallVector<int64_t>(cropped.size(), 0), cropped);
  return e.reshape(joined, original);
}

/// Interleaves n 1-d tensors of length m into one of length n*m
/// (out[n*i + k] = parts[k][i]), cropped to `count` elements.
Value interleaveParts(Emitter &e, ArrayRef<Value> parts, int64_t count) {
  int64_t m = Emitter::shapeOf(parts.front())[0];
  SmallVector<Value> columns;
  for (Value p : parts)
    columns.push_back(e.reshape(p, {m, 1}));
  int64_t n = parts.size();
  Value flat = e.reshape(e.concat(columns, 1), {m * n});
  if (m * n != count)
    flat = e.slice(flat, {0}, {count});
  return flat;
}

/// Builds `body` on the entry block arguments of an `hlo.fusion kind = loop`
/// of `inputs` and returns the fusion's results. The generators are one
/// elementwise DAG whose values each feed two rounds, which producer-
/// consumer fusion would split into dozens of materialized loops; as one
/// loop fusion they become one loop nest.
SmallVector<Value>
fuseLoop(Emitter &e, ValueRange inputs, TypeRange resultTypes,
         llvm::function_ref<SmallVector<Value>(ValueRange)> body) {
  auto fusion = FusionOp::create(e.b, resultTypes, inputs, FusionKind::loop);
  OpBuilder::InsertionGuard guard(e.b);
  Block &block = fusion.getBody().front();
  e.b.setInsertionPointToStart(&block);
  SmallVector<Value> results = body(block.getArguments());
  ReturnOp::create(e.b, results);
  return SmallVector<Value>(fusion->getResults().begin(),
                            fusion->getResults().end());
}

/// The bits of `op` as unsigned integers of `bitWidth` (32 or 64) in
/// `shape`, and the new state.
std::pair<Value, Value> generateBits(Emitter &e, RngAlgorithm algorithm,
                                     Value state, ArrayRef<int64_t> shape,
                                     unsigned bitWidth) {
  int64_t stateSize = Emitter::shapeOf(state)[0];
  Value key = e.element(state, 0);
  int64_t count = numElements(shape);
  if (algorithm == RngAlgorithm::THREE_FRY) {
    Value counter = e.element(state, 1);
    SplitShape split = splitShapeIntoHalves(shape);
    int64_t n = bitWidth == 64 ? count : numElements(split.half);
    SmallVector<Type> types;
    if (bitWidth == 64)
      types = {Emitter::type({n}, e.u64)};
    else
      types = {Emitter::type({n}, e.u32), Emitter::type({n}, e.u32)};
    SmallVector<Value> words =
        fuseLoop(e, {key, counter}, types, [&](ValueRange args) {
          auto iota2 = e.iota(n, e.u64);
          auto broadcast2 = e.broadcast(args[1], {n});
          Value counters = e.add(iota2, broadcast2);
          auto [x0, x1] = e.words(counters);
          auto [k0, k1] = e.words(e.broadcast(args[0], {n}));
          auto [o0, o1] = e.threefry(x0, x1, k0, k1);
          if (bitWidth == 64)
            return SmallVector<Value>{e.join(o0, o1)};
          return SmallVector<Value>{o0, o1};
        });
    Value bits;
    if (bitWidth == 64)
      bits = e.reshape(words[0], shape);
    else {
      auto reshape2 = e.reshape(words[0], split.half);
      auto reshape3 = e.reshape(words[1], split.half);
      bits = combineHalves(e, reshape2, reshape3, split, shape);
    }
    Value newCounter = e.add(counter, e.cst(counter, n));
    Value newState = e.concat(
        {e.reshape(key, {1}), e.reshape(newCounter, {1})}, 0);
    return {bits, newState};
  }

  // PHILOX: a 128-bit counter (lo, hi).
  Value lo = e.element(state, 1);
  Value hi = stateSize >= 3 ? e.element(state, 2) : key;
  int64_t numWords = bitWidth == 64 ? 2 * count : count;
  int64_t n = (numWords + 3) / 4;
  SmallVector<Type> types(bitWidth == 64 ? 2 : 4,
                          Emitter::type({n}, bitWidth == 64 ? e.u64 : e.u32));
  SmallVector<Value> words =
      fuseLoop(e, {key, lo, hi}, types, [&](ValueRange args) {
        auto iota3 = e.iota(n, e.u64);
        auto broadcast3 = e.broadcast(args[1], {n});
        Value los = e.add(iota3, broadcast3);
        auto ultU2 = e.ultU(los, e.broadcast(args[1], {n}));
        auto broadcast5 = e.broadcast(args[2], {n});
        auto splat2 = e.splat({n}, e.u64, 1);
        auto add3 = e.add(broadcast5, splat2);
        auto broadcast4 = e.broadcast(args[2], {n});
        Value his = e.select(ultU2, add3, broadcast4);
        auto [x0, x1] = e.words(los);
        auto [x2, x3] = e.words(his);
        auto [k0, k1] = e.words(e.broadcast(args[0], {n}));
        std::array<Value, 4> o = e.philox({x0, x1, x2, x3}, k0, k1);
        if (bitWidth == 64)
          return SmallVector<Value>{e.join(o[0], o[1]), e.join(o[2], o[3])};
        return SmallVector<Value>(o.begin(), o.end());
      });
  Value flat = interleaveParts(e, words, count);
  Value bits = e.reshape(flat, shape);
  Value newLo = e.add(lo, e.cst(lo, n));
  SmallVector<Value> parts = {e.reshape(key, {1}), e.reshape(newLo, {1})};
  if (stateSize >= 3) {
    auto ultU3 = e.ultU(newLo, lo);
    auto add4 = e.add(hi, e.cst(hi, 1));
    Value newHi = e.select(ultU3, add4, hi);
    parts.push_back(e.reshape(newHi, {1}));
  }
  return {bits, e.concat(parts, 0)};
}

/// The bits for an output of `element` type: 32- or 64-bit words,
/// truncated for narrower types, reinterpreted as `element`.
std::pair<Value, Value> generateOutput(Emitter &e, RngAlgorithm algorithm,
                                       Value state, ArrayRef<int64_t> shape,
                                       Type element) {
  unsigned width = element.getIntOrFloatBitWidth();
  auto [bits, newState] =
      generateBits(e, algorithm, state, shape, width == 64 ? 64 : 32);
  if (width < 32)
    bits = e.convert(bits, IntegerType::get(e.b.getContext(), width,
                                            IntegerType::Unsigned));
  return {e.bitcast(bits, element), newState};
}

bool isStatic(Type t) { return cast<RankedTensorType>(t).hasStaticShape(); }

} // namespace

std::string hlo::getRngExpansionBlocker(Operation *op) {
  if (auto rbg = dyn_cast<RngBitGeneratorOp>(op)) {
    if (!isStatic(rbg.getInitialState().getType()) ||
        !isStatic(rbg.getOutput().getType()))
      return "needs static shapes";
    unsigned width = getElementTypeOrSelf(rbg.getOutput().getType())
                         .getIntOrFloatBitWidth();
    if (!llvm::is_contained({2u, 4u, 8u, 16u, 32u, 64u}, width))
      return "needs an output element type of 2, 4, 8, 16, 32 or 64 bits";
    return "";
  }
  if (auto rng = dyn_cast<RngOp>(op)) {
    if (!isStatic(rng.getResult().getType()))
      return "needs a static result shape";
    return "";
  }
  return "is not a random number op";
}

LogicalResult hlo::expandRngBitGenerator(RewriterBase &rewriter,
                                         RngBitGeneratorOp op) {
  if (!getRngExpansionBlocker(op).empty())
    return failure();
  ImplicitLocOpBuilder b(op.getLoc(), rewriter);
  Emitter e(b);
  auto outputType = cast<RankedTensorType>(op.getOutput().getType());
  Value state = op.getInitialState();
  if (outputType.getNumElements() == 0) {
    // No counters consumed: the state is unchanged.
    Value empty = ConstantOp::create(
        b, outputType,
        DenseElementsAttr::get(outputType, ArrayRef<Attribute>{}));
    rewriter.replaceOp(op, {state, empty});
    return success();
  }
  RngAlgorithm algorithm = op.getRngAlgorithm();
  if (algorithm == RngAlgorithm::DEFAULT)
    algorithm = RngAlgorithm::PHILOX; // XLA:CPU's default.
  auto [bits, newState] = generateOutput(e, algorithm, state,
                                         outputType.getShape(),
                                         outputType.getElementType());
  rewriter.replaceOp(op, {newState, bits});
  return success();
}

namespace {

/// XLA's ConvertRandomBitsToUniformFloatingPoint for f32 / f64:
/// (bits >> (width - mantissa)) * 2^-mantissa, scaled to [a, b).
Value uniformFloat(Emitter &e, Value bits, Type floatType, Value a, Value b) {
  unsigned width = floatType.getIntOrFloatBitWidth();
  unsigned mantissa = width == 64 ? 52 : 23;
  Value values = e.convert(e.shr(bits, width - mantissa), floatType);
  values = e.mul(values, e.fcst(values, std::ldexp(1.0, -int(mantissa))));
  if (!a)
    return values;
  return e.add(e.mul(values, e.sub(b, a)), a);
}

/// The largest float below the 0-d float `x` (x finite), from its bits.
Value nextBelow(Emitter &e, Value x) {
  unsigned width = Emitter::elementOf(x).getIntOrFloatBitWidth();
  Type bitsType =
      IntegerType::get(e.b.getContext(), width, IntegerType::Unsigned);
  Value bits = e.bitcast(x, bitsType);
  Value zero = e.fcst(x, 0.0);
  auto compare2 =
      e.compare(ComparisonDirection::GT, x, zero, ComparisonType::FLOAT);
  auto sub2 = e.sub(bits, e.cst(bits, 1));
  auto compare3 =
      e.compare(ComparisonDirection::LT, x, zero, ComparisonType::FLOAT);
  auto add5 = e.add(bits, e.cst(bits, 1));
  auto cst4 = e.cst(bits, (uint64_t{1} << (width - 1)) | 1);
  auto select2 = e.select(compare3, add5, cst4);
  Value below = e.select(compare2, sub2, select2);
  return e.bitcast(below, Emitter::elementOf(x));
}

} // namespace

LogicalResult hlo::expandRng(RewriterBase &rewriter, RngOp op,
                             uint64_t stream) {
  if (!getRngExpansionBlocker(op).empty())
    return failure();
  ImplicitLocOpBuilder b(op.getLoc(), rewriter);
  Emitter e(b);
  auto resultType = cast<RankedTensorType>(op.getResult().getType());
  ArrayRef<int64_t> shape = resultType.getShape();
  Type element = resultType.getElementType();
  MLIRContext *ctx = rewriter.getContext();

  RankedTensorType stateType = Emitter::type({3}, e.u64);
  Value state = ConstantOp::create(
      b, stateType,
      DenseElementsAttr::get(stateType, ArrayRef<APInt>{APInt(64, kRngKey),
                                                         APInt(64, 0),
                                                         APInt(64, stream)}));
  auto bitsOf = [&](ArrayRef<int64_t> s, Type unsignedType) {
    auto rbg = RngBitGeneratorOp::create(
        b, TypeRange{stateType, Emitter::type(s, unsignedType)},
        RngAlgorithmAttr::get(ctx, RngAlgorithm::PHILOX), state);
    return rbg.getOutput();
  };

  Value a = op.getA(), bound = op.getB();
  Value result;
  if (auto floatType = dyn_cast<FloatType>(element)) {
    // Narrow floats are computed in f32 (XLA's ConvertSmallFpRngToF32Rng).
    Type computeType = floatType.getWidth() == 64
                           ? Type(floatType)
                           : Type(Float32Type::get(ctx));
    unsigned width = computeType.getIntOrFloatBitWidth();
    Type unsignedType = IntegerType::get(ctx, width, IntegerType::Unsigned);
    Value ca = e.convert(a, computeType), cb = e.convert(bound, computeType);
    if (op.getRngDistribution() == RngDistribution::UNIFORM) {
      auto bitsOf2 = bitsOf(shape, unsignedType);
      auto broadcast6 = e.broadcast(ca, shape);
      auto broadcast7 = e.broadcast(cb, shape);
      result = uniformFloat(e, bitsOf2, computeType, broadcast6, broadcast7);
    } else {
      // XLA's NormalFloatingPointDistribution: Box-Muller on the two halves
      // of uniform [0, 1) numbers in the split shape.
      SplitShape split = splitShapeIntoHalves(shape);
      Value u = uniformFloat(e, bitsOf(split.concat, unsignedType),
                             computeType, Value(), Value());
      SmallVector<int64_t> zeros(split.half.size(), 0);
      SmallVector<int64_t> secondStart(zeros);
      secondStart[split.splitDim + 1] = 1;
      Value x0 = e.slice(u, zeros, split.half);
      Value x1 = e.slice(u, secondStart, split.concat);
      // The constants are XLA's float literals (1.0e-7f, 2.0f * M_PI).
      Value u1 = e.max(x0, e.fcst(x0, static_cast<double>(1.0e-7f)));
      Value v1 = e.mul(e.fcst(x1, 2.0f * M_PI), x1);
      auto fcst2 = e.fcst(u1, -2.0);
      auto log = LogOp::create(b, u1).getResult();
      Value u2 = SqrtOp::create(b, e.mul(fcst2, log));
      Value z0 = e.mul(SineOp::create(b, v1).getResult(), u2);
      Value z1 = e.mul(CosineOp::create(b, v1).getResult(), u2);
      Value normal = combineHalves(e, z0, z1, split, shape);
      auto broadcast8 = e.broadcast(ca, shape);
      auto mul2 = e.mul(e.broadcast(cb, shape), normal);
      result = e.add(broadcast8, mul2);
    }
    result = e.convert(result, element);
    if (op.getRngDistribution() == RngDistribution::UNIFORM) {
      // u * (b - a) + a can round up to b (XLA returns it): keep [a, b)
      // with the largest value below b instead.
      Value bb = e.broadcast(bound, shape);
      auto compare4 =
          e.compare(ComparisonDirection::LT, result, bb, ComparisonType::FLOAT);
      auto broadcast9 = e.broadcast(nextBelow(e, bound), shape);
      result = e.select(compare4, result, broadcast9);
    }
  } else {
    // XLA's ConvertRandomBitsToUniformInt: minval + (bits % range) in two
    // halves. Types narrower than 32 bits (and pred) are computed in 32
    // bits of their signedness.
    unsigned width = element.getIntOrFloatBitWidth();
    bool isUnsigned = element.isUnsignedInteger();
    unsigned computeWidth = width == 64 ? 64 : 32;
    Type computeType = IntegerType::get(
        ctx, computeWidth,
        isUnsigned ? IntegerType::Unsigned : IntegerType::Signless);
    Type unsignedType =
        IntegerType::get(ctx, computeWidth, IntegerType::Unsigned);
    Value ca = e.convert(a, computeType), cb = e.convert(bound, computeType);
    auto bitcast2 = e.bitcast(cb, unsignedType);
    auto bitcast3 = e.bitcast(ca, unsignedType);
    Value range = e.sub(bitcast2, bitcast3);
    auto bitsOf3 = bitsOf(shape, unsignedType);
    auto broadcast10 = e.broadcast(range, shape);
    Value dist = e.rem(bitsOf3, broadcast10);
    Value half = e.shr(dist, 1);
    auto broadcast11 = e.broadcast(ca, shape);
    auto bitcast5 = e.bitcast(half, computeType);
    auto add6 = e.add(broadcast11, bitcast5);
    auto bitcast4 = e.bitcast(e.sub(dist, half), computeType);
    result = e.add(add6, bitcast4);
    result = e.convert(result, element);
  }
  rewriter.replaceOp(op, result);
  return success();
}

namespace {

struct ExpandRngBitGenerator : OpRewritePattern<RngBitGeneratorOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(RngBitGeneratorOp op,
                                PatternRewriter &rewriter) const override {
    std::string blocker = getRngExpansionBlocker(op);
    if (!blocker.empty())
      return rewriter.notifyMatchFailure(op, blocker);
    return expandRngBitGenerator(rewriter, op);
  }
};

struct ExpandRngOp : OpRewritePattern<RngOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(RngOp op,
                                PatternRewriter &rewriter) const override {
    std::string blocker = getRngExpansionBlocker(op);
    if (!blocker.empty())
      return rewriter.notifyMatchFailure(op, blocker);
    return expandRng(rewriter, op, nextStream++);
  }
  mutable uint64_t nextStream = 0;
};

} // namespace

void hlo::populateHloExpandRngPatterns(RewritePatternSet &patterns) {
  patterns.add<ExpandRngBitGenerator, ExpandRngOp>(patterns.getContext());
}
