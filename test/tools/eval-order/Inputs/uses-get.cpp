// Input of ../check-eval-order.test: `get` and `twice` here are not
// local-get.cpp's (standard library, uniqued attributes, another file's
// static function).
bool same(std::pair<int, int> p) { return equal(std::get<0>(p), std::get<1>(p)); }
Attribute pair(Type t) { return ArrayAttr::get(t.getContext(), {IntegerAttr::get(t, 1), FloatAttr::get(t, 2.0)}); }
Value both(Value x) { return combine(twice(x), twice(x)); }
void copy(Storage &s, Storage &t) { std::memcpy(s.data(), t.data(), s.size()); }
