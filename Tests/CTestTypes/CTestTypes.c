#include "CTestTypes.h"
