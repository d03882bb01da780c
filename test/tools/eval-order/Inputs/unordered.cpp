// Input of ../check-eval-order.test: calls whose arguments create ops.
struct Emitter {
  Value cst(double v) { return ConstantOp::create(b, loc, v); }
  Value add(Value x, Value y) { return AddOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return MulOp::create(b, loc, x, y); }
  Value twice(Value x) { return add(x, x); }
  OpBuilder &b;
  Location loc;
};

Value f(Emitter &e, Value x, bool c) {
  // Two arguments create ops: flagged, hoisted left to right.
  Value y = e.add(e.mul(x, x), e.cst(1.0));
  // One argument creates ops: fine.
  Value z = e.add(e.twice(x), y);
  // A braceless loop body is wrapped in braces.
  for (int i = 0; i < 3; ++i)
    z = e.add(e.twice(z), e.cst(2.0));
  // A braced list is ordered, but not against the other arguments.
  SortOp::create(e.b, e.loc, ValueRange{e.cst(3.0)}, e.twice(x));
  // Lambdas run inside the call.
  Foo::create(e.b, e.loc, e.cst(4.0), [&](OpBuilder &b) { e.cst(5.0); });
  // Braced lists are ordered inside, not against the other arguments.
  Bar::create(e.b, e.loc, {e.cst(8.0)}, {e.twice(x), e.cst(9.0)});
  // Conditionally evaluated: reported, left to a person.
  return c ? e.add(e.cst(6.0), e.cst(7.0)) : z;
}
