/* arm_startup.c: a Cortex-M firmware with no C library: a two-word vector table (initial stack, reset), and
 * semihosting (bkpt 0xab) for output and exit. Runs under qemu-system-arm -M mps2-an385 -semihosting. */
void target_tests(void);

int semihost(int operation, const void *argument) {
  register int r0 __asm__("r0") = operation;
  register const void *r1 __asm__("r1") = argument;
  __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
  return r0;
}

void reset_handler(void) {
  target_tests();
  semihost(0x18, (const void *)0x20026); /* SYS_EXIT, ADP_Stopped_ApplicationExit */
  for (;;) {
  }
}

/* Not static: a link with --gc-sections keeps it with -Wl,--undefined=vectors. */
__attribute__((section(".vectors"), used)) const void *const vectors[2] = {(const void *)0x20008000,
                                                                                    (const void *)reset_handler};
