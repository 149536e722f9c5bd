#pragma once
// SIGINT, SIGTERM and SIGHUP end granconv as they would have, but only after
// the registered work directories are removed (reports/work_dirs.hpp): the
// signals are blocked in every thread and taken by one thread with sigwait,
// where removing files is safe (a signal handler may not allocate). A signal
// that granconv was started with ignored stays ignored. Call once, first,
// before any other thread starts, so that every thread inherits the mask
// (children, gnuplot, are started with it cleared). Once a signal is taken
// no other thread ends the process first (its cleanup may make the command
// fail: a child killed, a work folder gone): cli_main waits for the end by the
// signal (wait_if_ending_by_signal, studies/support/work_dirs.hpp).
namespace granconv::cli {

void install_signal_cleanup();

}  // namespace granconv::cli
