/* The Cortex-M vector table: the initial stack pointer and the reset handler, which lets a hard-float build
 * use the FPU (CPACR) before newlib's _start (rdimon.specs: semihosting) runs main. */
#include <stdint.h>

extern void _start(void);
extern uint32_t __stack;

static void reset(void) {
  *(volatile uint32_t *)0xE000ED88 |= 0xFu << 20;
  _start();
}

__attribute__((section(".vectors"), used)) const void *const vectors[2] = {(const void *)0x20080000, (const void *)reset};
