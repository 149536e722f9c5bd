# granconv external stepper: a chain of spheres on the x axis in YADE (leapfrog NewtonIntegrator,
# Hertz-Mindlin normal contacts). Run headless:
#   yade -n -x chain.py SCENARIO.json H T_END EVERY OUT.csv [sync] [--mass-scale F]
#   /usr/bin/python3 chain.py SCENARIO.json H T_END EVERY OUT.csv [sync] [--mass-scale F]
#   (the same output; through python3 YADE opens no TCP prompt and no XMLRPC server)
# Writes "t,x_1..x_n,v_1..v_n" (%.17g; x the displacement from the touching rest state) at
# t = 0, EVERY, ..., T_END.
#   default: after NewtonIntegrator, i.e. x_n and YADE's state.vel = v_{n-1/2} (half-step velocity)
#   sync:    before NewtonIntegrator, x_n and v_n = v_{n-1/2} + h/2 F(x_n, v_{n-1/2})/m (synchronised)
# Mapping from the scenario (laws hertz, tsuji-nontensile):
#   YADE: F = kno d^{3/2} + 2 betan sqrt(3/2 mbar kno) d^{1/4} d', clipped at 0,
#         kno = (4/3) E* sqrt(R*), E* = young / (2 (1 - poisson^2)) for one material
#   granconv: f = k d^{3/2} + (5/4) gamma k d^{1/4} d', so kno = k, betan = (5/8) gamma sqrt(2 k / (3 mbar)).
# Beads given by masses get equal radii R and a Young modulus that gives kno = k; masses are set directly.
# --mass-scale F multiplies every mass by F (a perturbed model: the claims' negative twins).
import json, math, os, sys
try:
    import yade  # noqa: F401  (already imported under yade -x)
except ImportError:  # plain /usr/bin/python3: no TCP prompt, no XMLRPC server (yade-double's launcher starts both)
    sys.path.insert(0, "/usr/lib/x86_64-linux-gnu/yade-double/py")
from yade import O, utils
from yade.wrapper import (FrictMat, ForceResetter, InsertionSortCollider, Bo1_Sphere_Aabb, InteractionLoop,
                          Ig2_Sphere_Sphere_ScGeom, Ip2_FrictMat_FrictMat_MindlinPhys,
                          Law2_ScGeom_MindlinPhys_Mindlin, NewtonIntegrator, PyRunner)


def leave(status):
    # YADE makes its folder /tmp/yade-XXXXXX whatever TMPDIR says and removes it at a normal exit
    # only, which os._exit skips: remove it here (empty, nothing of ours is in it), so that nothing
    # stays outside the run's scratch folder.
    try:
        os.rmdir(os.path.dirname(O.tmpFilename()))
    except OSError:
        pass
    os._exit(status)  # sys.exit inside yade -x would not end the process with this status


def fail(msg):
    sys.stderr.write(f"chain.py: {msg}\n")
    leave(2)


args, mass_scale = sys.argv[1:], 1.0
if len(args) >= 2 and args[-2] == "--mass-scale":
    mass_scale, args = float(args[-1]), args[:-2]
if len(args) not in (5, 6) or (len(args) == 6 and args[5] != "sync"):
    fail("usage: yade -n -x chain.py SCENARIO.json H T_END EVERY OUT.csv [sync] [--mass-scale F]")
src, h, t_end, every, out = args[0], float(args[1]), float(args[2]), float(args[3]), args[4]
sync = len(args) == 6
nsteps, per_out = round(t_end / h), round(every / h)
if abs(nsteps * h - t_end) > 1e-9 * t_end or abs(per_out * h - every) > 1e-9 * every or nsteps % per_out:
    fail(f"t_end={t_end!r} and every={every!r} must be integer multiples of h={h!r}")
s = json.load(open(src))
c = s["contacts"]
n = len(s["masses"] if "masses" in s else s["radii"])
c = c if isinstance(c, list) else [c] * (n - 1)
law = c[0]["law"]
if law not in ("hertz", "tsuji-nontensile") or any(ci["law"] != law for ci in c) or s.get("wall") or s.get("local_springs"):
    fail(f"{src}: law {law!r} (or a wall, local springs) has no YADE mapping here (hertz, tsuji-nontensile)")
nu = 0.0
if "radii" in s:
    radii = [float(r) for r in s["radii"]]
    masses = [s["density"] * 4.0 / 3.0 * math.pi * r ** 3 for r in radii]
    young, nu = float(s["young_modulus"]), float(s["poisson_ratio"])
    k = [4.0 / 3.0 * young / (2 * (1 - nu * nu)) * math.sqrt(radii[j] * radii[j + 1] / (radii[j] + radii[j + 1]))
         for j in range(n - 1)]
else:
    masses = [float(m) for m in s["masses"]]
    k = [float(ci["stiffness"]) for ci in c]
    if any(kj != k[0] for kj in k):
        fail(f"{src}: unequal stiffnesses need radii or per-pair materials (not mapped)")
    R = float(os.environ.get("CHAIN_RADIUS", "8"))
    radii = [R] * n
    young = 2 * (1 - nu * nu) * 3.0 * k[0] / (4.0 * math.sqrt(R / 2))  # kno = (4/3) E* sqrt(R/2) = k
gamma = [float(ci.get("damping", 0.0)) for ci in c]
mbar = [masses[j] * masses[j + 1] / (masses[j] + masses[j + 1]) for j in range(n - 1)]
betan = [0.625 * gamma[j] * math.sqrt(2 * k[j] / (3 * mbar[j])) for j in range(n - 1)]
if any(abs(b - betan[0]) > 1e-15 * max(betan[0], 1e-300) for b in betan):
    fail(f"{src}: the contacts need different betan {betan} (one MatchMaker value here)")
x0, v0 = [0.0] * n, [0.0] * n
ini = s["initial"]
if "impact" in ini:
    v0[ini["impact"]["bead"]] = float(ini["impact"]["speed"])
else:
    x0, v0 = [float(x) for x in ini["positions"]], [float(v) for v in ini["velocities"]]

mat = O.materials.append(FrictMat(young=young, poisson=nu, density=1.0, frictionAngle=0.0))
rest = [0.0]
for j in range(n - 1):
    rest.append(rest[-1] + radii[j] + radii[j + 1])
for i in range(n):
    b = utils.sphere((rest[i] + x0[i], 0, 0), radii[i], material=mat)
    b.state.mass = masses[i] * mass_scale
    b.state.vel = (v0[i], 0, 0)  # YADE reads it as v_{-1/2}
    b.state.blockedDOFs = "yzXYZ"
    O.bodies.append(b)
rows = []


def record():
    k = O.iter if sync else O.iter + 1  # after NewtonIntegrator the state is at step O.iter + 1
    if k % per_out or k > nsteps:
        return
    t = k * h  # the step count, not O.time (a running sum)
    xs = [O.bodies[i].state.pos[0] - rest[i] for i in range(n)]
    if sync:  # forces of this step are in O.forces, positions and velocities not yet advanced
        vs = [O.bodies[i].state.vel[0] + 0.5 * h * O.forces.f(i)[0] / O.bodies[i].state.mass for i in range(n)]
    else:
        vs = [O.bodies[i].state.vel[0] for i in range(n)]
    rows.append([t] + xs + vs)


ip2 = Ip2_FrictMat_FrictMat_MindlinPhys(betan=betan[0]) if betan[0] > 0 else Ip2_FrictMat_FrictMat_MindlinPhys()
loop = InteractionLoop([Ig2_Sphere_Sphere_ScGeom()], [ip2], [Law2_ScGeom_MindlinPhys_Mindlin()])
engines = [ForceResetter(), InsertionSortCollider([Bo1_Sphere_Aabb()]), loop]
newton = NewtonIntegrator(damping=0.0, gravity=(0, 0, 0))
# Synchronised output is taken at output steps only (PyRunner fires at iter 0, per_out, 2 per_out, ...).
runner = PyRunner(command="record()", iterPeriod=per_out if sync else 1, initRun=True)
if sync:
    O.engines = engines + [runner, newton]
else:
    O.engines = engines + [newton, runner]
    rows.append([0.0] + [x0[i] for i in range(n)] + [v0[i] for i in range(n)])
O.dt = h
O.run(nsteps + (1 if sync else 0), True)
if any(not all(math.isfinite(z) for z in r) for r in rows):
    fail("diverged (a value is not finite)")
with open(out + ".part", "w") as f:
    f.write("t," + ",".join(f"x{i + 1}" for i in range(n)) + "," + ",".join(f"v{i + 1}" for i in range(n)) + "\n")
    for r in rows:
        f.write(",".join("%.17g" % z for z in r) + "\n")
os.replace(out + ".part", out)
leave(0)
