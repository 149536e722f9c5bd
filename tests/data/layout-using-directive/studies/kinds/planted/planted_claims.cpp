// A planted namespace-scope using-directive: tests/layout/check_using_directives.cmake must refuse it.
namespace granconv {

namespace planted {
struct Run {};
}  // namespace planted

using namespace planted;

Run make_run() { return {}; }

}  // namespace granconv
