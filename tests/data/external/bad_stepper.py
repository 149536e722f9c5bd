#!/usr/bin/python3
"""A misbehaving external stepper for granconv's bad-input tests
(tests/external.cmake): usage bad_stepper.py MODE SCENARIO H T_END EVERY OUT.
Modes exit-3, sleep, nan, missing-time, extra-column, empty, huge, escape,
diverge (finite values beyond the blow-up bound at the largest step size), and
literal (checks that its last argument arrived as one literal argument, then
writes a good trajectory with the protocol's example stepper)."""
import os, subprocess, sys, time

mode, scenario, h, t_end, every, out = sys.argv[1:7]
here = os.path.dirname(os.path.abspath(__file__))
stepper = os.path.join(here, "..", "..", "..", "studies", "claims", "external", "python", "dem_stepper.py")


def good():
    subprocess.run(["/usr/bin/python3", stepper, scenario, h, t_end, every, out], check=True)
    return open(out).read().splitlines()


if mode == "exit-3":
    sys.stderr.write("bad_stepper: told to exit 3\n")
    sys.exit(3)
if mode == "sleep":
    if os.environ.get("GRANCONV_TEST_MARKER"):  # tests/check_external_sigterm.cmake waits for it
        open(os.environ["GRANCONV_TEST_MARKER"], "w").write(str(os.getpid()))
    time.sleep(600)
if mode == "empty":
    open(out, "w").close()
elif mode == "huge":  # a sparse file of 1 GiB, then it runs on: granconv must stop it, not read it
    with open(out, "wb") as f:
        f.truncate(1 << 30)
    time.sleep(600)
elif mode == "escape":
    good()
    open(os.path.join("..", "intruder.txt"), "w").write("written outside the work folder\n")
elif mode == "literal":
    if sys.argv[7:] != ["$(touch injected); rm -rf x"] or os.path.exists("injected"):
        sys.exit("bad_stepper: the argument was split or interpreted: %r" % sys.argv[7:])
    good()
else:
    rows = good()
    if mode == "nan":
        rows[3] = rows[3].rsplit(",", 1)[0] + ",nan"
    elif mode == "missing-time":
        del rows[4]
    elif mode == "extra-column":
        rows[2] += ",0"
    elif mode == "diverge" and float(h) >= 0.01:
        rows[-1] = ",".join(rows[-1].split(",")[:-1] + ["1e200"])
    open(out, "w").write("\n".join(rows) + "\n")
