// A planted back-edge for the ctest layout.back-edge-refused: fit/ is below studies/.
#pragma once
#include "studies/core/claim.hpp"
