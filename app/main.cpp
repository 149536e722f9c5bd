// granconv: convergence studies of time integrators on granular chains.
#include "app/cli.hpp"

int main(int argc, char** argv) { return granconv::cli_main(argc, argv); }
