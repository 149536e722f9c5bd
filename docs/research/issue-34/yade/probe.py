# Two spheres on x: the normal force of Law2_ScGeom_MindlinPhys_Mindlin at a given overlap and velocity.
# yade -n -x probe.py
import math
from yade import O, utils
from yade.wrapper import *

def force(d, v1, v2, betan, r1=0.5, r2=0.5, rho=1000.0, E=1e6, nu=0.3):
    O.reset()
    mat = O.materials.append(FrictMat(young=E, poisson=nu, density=rho, frictionAngle=0.0))
    b1 = utils.sphere((0, 0, 0), r1, material=mat)
    b2 = utils.sphere((r1 + r2 - d, 0, 0), r2, material=mat)
    O.bodies.append([b1, b2])
    b1.state.vel = (v1, 0, 0); b2.state.vel = (v2, 0, 0)
    ip2 = Ip2_FrictMat_FrictMat_MindlinPhys(betan=betan) if betan is not None else Ip2_FrictMat_FrictMat_MindlinPhys()
    O.engines = [ForceResetter(), InsertionSortCollider([Bo1_Sphere_Aabb()]),
                 InteractionLoop([Ig2_Sphere_Sphere_ScGeom()], [ip2], [Law2_ScGeom_MindlinPhys_Mindlin()]),
                 NewtonIntegrator(damping=0.0)]
    O.dt = 1e-12
    O.step()
    f2 = O.forces.f(1)[0]
    i = O.interactions[0, 1]
    m1, m2 = b1.state.mass, b2.state.mass
    mbar = m1 * m2 / (m1 + m2)
    Estar = E / (2 * (1 - nu * nu))
    R = r1 * r2 / (r1 + r2)
    kno = 4.0 / 3.0 * Estar * math.sqrt(R)
    el = kno * d ** 1.5
    cn = 2 * (betan or 0.0) * math.sqrt(mbar * 1.5 * kno * math.sqrt(d))
    pred = el + cn * (v1 - v2)
    print(f"betan={betan} d={d} v=({v1:+},{v2:+}) F_yade={f2:+.17g} formula={pred:+.17g} "
          f"rel={abs(f2 - pred) / max(abs(pred), 1e-300):.2e} clipped={max(pred, 0):+.6g} "
          f"phys.kno={i.phys.kno:.17g} (4/3)E*sqrt(R)={kno:.17g} normalForce={i.phys.normalForce[0]:+.6g} "
          f"normalViscous={i.phys.normalViscous[0]:+.6g}")

for betan in [None, 0.3]:
    for d, v1, v2 in [(0.01, 0, 0), (0.01, 1, -1), (0.01, -1, 1), (0.001, -0.01, 0), (0.0025, 0.3, 0.1)]:
        force(d, v1, v2, betan)
force(0.01, 0.5, 0, 0.3, r1=0.5, r2=0.3)
