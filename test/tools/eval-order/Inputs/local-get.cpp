// Input of ../check-eval-order.test: a file-local class whose `get` creates
// ops. Other files' `get` calls are not this one.
namespace {
struct Emitter {
  Value get(Value t, int i) { return ExtractOp::create(b, loc, t, i); }
  OpBuilder &b;
  Location loc;
};
} // namespace

static Value twice(Emitter &e, Value x) { return AddOp::create(e.b, e.loc, x, x); }

Value pick(Emitter &e, Value t) { return AddOp::create(e.b, e.loc, e.get(t, 0), e.get(t, 1)); }
