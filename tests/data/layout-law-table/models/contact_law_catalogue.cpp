// A test tree for layout.second-law-table-refused: a catalogue of two laws.
static const Row rows[] = {
    {.name = "hertz", .twice_alpha = 3, .four_beta = 6, .damped = false},
    {.name = "kk", .twice_alpha = 3, .four_beta = 6, .model_name = "kuwabara-kono"},
};
