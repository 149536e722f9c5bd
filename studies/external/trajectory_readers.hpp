#pragma once
// The trajectory an external program writes, read and checked before any
// number of it is used (docs/external-codes.md, "The trajectory"):
//   csv          header "t,x1..xn,v1..vn", then one row per output time
//                t_k = k·every, k = 0..K, in order, nothing after; x the
//                displacement from the touching rest state, v the velocity at t_k;
//   lammps-dump  `dump custom … id x y z vx vy vz` with `dump_modify … sort id
//                format float %.17g`, a frame per output time: the timestep
//                must be k·(every/h); atom ids 1..n are the beads; the axis
//                component (x) is taken, the others must be exactly zero; the
//                positions are absolute, so the rest positions X_i(0) − x0_i
//                of the first frame are subtracted.
// Every value must be parsed whole and be finite; every time must lie within
// 1e-9·every of the grid. Each failure is one line naming the line of the file.
#include <string>
#include <vector>

#include "models/chain.hpp"

namespace granconv {

struct TrajectoryGrid {
  int beads = 0;
  long outputs = 0;      // K + 1 output times t_k = k·every
  double every = 0;
  long every_steps = 0;  // steps between two output times (every/h)
  Vec<double> x0;        // the scenario's initial state (x_0, v_0, x_1, …): the dump's rest positions
};

struct ExternalTrajectory {
  std::vector<Vec<double>> states;  // per output time, (x_0, v_0, x_1, v_1, …) as granconv's
  double max_abs_position = 0;      // largest |X| the file holds (absolute coordinates' round-off)
};

ExternalTrajectory read_trajectory_csv(const std::string& text, const TrajectoryGrid& grid);
ExternalTrajectory read_lammps_dump(const std::string& text, const TrajectoryGrid& grid);

}  // namespace granconv
