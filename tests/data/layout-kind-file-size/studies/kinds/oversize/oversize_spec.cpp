// A kind file within the limit, beside the oversize one.
