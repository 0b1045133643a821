#include "config.h"
#include "cli/text_cmd.h"
