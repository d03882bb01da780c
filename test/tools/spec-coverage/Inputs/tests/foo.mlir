// A test named after foo_c1, a message tagged (foo_c3), and foo_bar_c1 must
// not count for foo; xfoo_c2 is not a tag of foo.
func.func @foo_c1_first() { return }
// expected-error {{rule (foo_c3)}}
// xfoo_c2
// @foo_bar_c1_only
