// This project's granconv: the whole granconv command line, with one more
// scheme (position_verlet.hpp) that its claims name like a shipped one.
#include "granconv/app/cli.hpp"
#include "position_verlet.hpp"

int main(int argc, char** argv) {
  granconv::register_scheme(consumer::position_verlet_row());
  return granconv::cli_main(argc, argv);
}
