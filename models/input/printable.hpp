#pragma once
// Text from outside (an id, a path, a key) echoed in a one-line message: control
// characters (CR, LF, ESC, ...) and bytes that are not UTF-8 are shown as \xHH,
// so a message stays one line and cannot recolour the terminal.
#include <string>
#include <string_view>

namespace granconv {

std::string printable(std::string_view text);

}  // namespace granconv
