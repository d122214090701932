/* riscv_startup.c: an RV32 firmware with no C library: _start (at the start of RAM) sets the stack and calls
 * the tests; semihosting for output; the virt machine's test device to exit. Runs under
 * qemu-system-riscv32 -M virt -bios none -semihosting-config enable=on,target=native. */
#include <stdint.h>

void target_tests(void);

__asm__(".section .init, \"ax\"\n"
        ".globl _start\n"
        "_start:\n"
        "  lui sp, 0x80100\n"
        "  call firmware_main\n"
        "1: j 1b\n"
        ".text\n");

/* The semihosting call: its three instructions uncompressed, in one page. */
int semihost(int operation, const void *argument) {
  register int a0 __asm__("a0") = operation;
  register const void *a1 __asm__("a1") = argument;
  __asm__ volatile(".option push\n.option norvc\n.balign 16\n"
                   "slli zero, zero, 0x1f\nebreak\nsrai zero, zero, 7\n.option pop\n"
                   : "+r"(a0)
                   : "r"(a1)
                   : "memory");
  return a0;
}

void firmware_main(void) {
  target_tests();
  *(volatile uint32_t *)0x100000 = 0x5555; /* the test device: exit QEMU */
}
