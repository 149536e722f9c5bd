#pragma once
// The granconv command line as a function, for programs that add their own
// schemes (register_scheme, schemes/scheme_catalogue.hpp) and then run the
// same subcommands: `int main(int c, char** v) { register_scheme(...);
// return granconv::cli_main(c, v); }`. Returns the exit status (0 pass,
// 1 a failed claim, 2 an error, 3 inconclusive).
namespace granconv {

int cli_main(int argc, char** argv);

}  // namespace granconv
