#include "CSystemHeaders.h"
