/* The layout oracle: embedded-style types whose sizes, alignments, member offsets and bitfield positions
 * the firmware prints on the target, for the host to compare with what it reads from the firmware's ELF.
 * Lines: "size <type>|<size>|<alignment>", "offset <type>|<member>|<offset>",
 * "bits <type>|<member>|<first bit>|<width>" (bits counted from the record's first byte, least significant
 * bit first). Every type is used in main, so that it lands in the DWARF at -O2 too. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum e8 { E8_IDLE, E8_RUN, E8_STOP = 200 };
enum e16 { E16_LOW = -1, E16_HIGH = 1000 };
enum e32 { E32_SMALL = 1, E32_WIDE = 0x10000 };
enum state { STATE_OFF, STATE_ON, STATE_FAULT };
typedef enum { MODE_MANUAL, MODE_AUTO, MODE_TEST } op_mode_t;

struct __attribute__((packed)) frame_header {
  uint8_t sync;
  uint16_t length;
  uint32_t address;
  uint8_t command;
};
struct __attribute__((packed)) frame {
  struct frame_header header;
  uint8_t payload[7];
  uint16_t crc;
};
struct __attribute__((packed)) packed_bits {
  uint32_t kind : 3;
  uint32_t channel : 13;
  uint32_t value : 16;
};
struct __attribute__((packed)) packed_bits24 {
  uint32_t low : 12;
  uint32_t high : 12;
};
struct __attribute__((packed)) packed_enums {
  uint8_t id;
  enum e16 code;
  enum e32 wide;
  enum e8 small;
};
struct __attribute__((packed, aligned(2))) packed_aligned {
  uint8_t a;
  uint32_t b;
};
#pragma pack(push, 2)
struct pack2 {
  uint8_t a;
  uint32_t b;
  uint16_t c;
  double d;
};
#pragma pack(pop)
typedef union {
  uint32_t word;
  struct {
    uint32_t enable : 1;
    uint32_t mode : 2;
    uint32_t prescale : 5;
    uint32_t : 8;
    uint32_t count : 16;
  } bits;
} ctrl_reg_t;
struct status_reg {
  volatile uint32_t ready : 1, error : 1, code : 6;
  enum state state : 2;
  enum e8 kind : 8;
};
struct enum_bits {
  enum state state : 2;
  enum e8 kind : 8;
  bool flag : 1;
  uint8_t rest;
  enum e16 level : 11;
  op_mode_t mode : 2;
};
struct __attribute__((aligned(16))) dma_descriptor {
  uint32_t source;
  uint32_t destination;
  uint16_t count;
  uint16_t flags;
  struct dma_descriptor *next;
};
struct dma_ring {
  uint8_t owner;
  struct dma_descriptor descriptors[2];
};
struct __attribute__((aligned(32))) cache_line {
  uint8_t bytes[5];
};
struct uart_config {
  uint32_t baud;
  uint8_t parity;
  uint8_t stop_bits;
};
struct board_config {
  struct uart_config uart;
  struct {
    uint16_t period;
    uint8_t prescale;
  } timer;
  enum e8 mode;
  op_mode_t op;
  float gain;
  double offset;
  bool enabled;
};
struct scalars {
  char c;
  short s;
  int i;
  long l;
  long long ll;
  float f;
  double d;
  long double ld;
  void *p;
};
union view {
  uint8_t bytes[8];
  uint16_t halves[4];
  uint32_t words[2];
  uint64_t dword;
  double real;
};
struct tagged_view {
  uint8_t tag;
  union view value;
};
struct mixed_bits {
  uint8_t a : 3;
  uint16_t b : 9;
  uint32_t c : 20;
  uint8_t d;
};
struct zero_width {
  uint8_t a : 3;
  uint32_t : 0;
  uint8_t b : 2;
};
struct wide_bits {
  uint64_t low : 40;
  uint64_t high : 24;
};
struct can_message {
  uint32_t id : 29;
  uint32_t extended : 1;
  uint32_t remote : 1;
  uint8_t length;
  uint8_t data[8];
};
struct sample {
  int16_t x, y, z;
  uint32_t timestamp;
};
struct sample_batch {
  uint8_t count;
  struct sample samples[3];
};
struct ring_buffer {
  uint8_t bytes[64];
  volatile uint16_t head, tail;
};
struct gpio_registers {
  volatile uint32_t MODER, OTYPER, OSPEEDR, PUPDR, IDR, ODR;
  volatile uint16_t BSRRL, BSRRH;
  volatile uint32_t LCKR, AFR[2];
};
struct driver {
  void (*init)(void);
  int (*read)(uint8_t *, size_t);
  const char *name;
};
struct flags {
  bool a;
  bool b : 1;
  bool c : 1;
  uint8_t d : 6;
};
struct signed_bits {
  int8_t a : 3;
  int16_t b : 10;
  int32_t c : 19;
};
typedef struct {
  uint8_t type;
  union {
    struct {
      uint16_t a;
    } first;
    struct {
      uint32_t b;
      uint8_t c;
    } second;
  } as;
} message_t;
struct clock_state {
  struct tm when;
  struct timespec since;
  enum state state;
};
struct enum_array {
  enum e8 kinds[3];
  enum e16 levels[2];
  uint8_t end;
};
struct long_double_pair {
  char c;
  long double value;
};

#define SIZE(T) printf("size " #T "|%u|%u\n", (unsigned)sizeof(T), (unsigned)_Alignof(T))
#define OFFSET(T, m) printf("offset " #T "|" #m "|%u\n", (unsigned)offsetof(T, m))
#define BITS(T, m)                                                   \
  do {                                                               \
    T probe;                                                         \
    memset(&probe, 0, sizeof probe);                                 \
    probe.m = -1;                                                    \
    bit_span(#T, #m, (const unsigned char *)&probe, sizeof probe);   \
  } while (0)

static void bit_span(const char *type, const char *member, const unsigned char *bytes, size_t size) {
  int first = -1, last = -1;
  for (size_t bit = 0; bit < size * 8; bit++) {
    if (bytes[bit / 8] & (1u << (bit % 8))) {
      if (first < 0) first = (int)bit;
      last = (int)bit;
    }
  }
  printf("bits %s|%s|%d|%d\n", type, member, first, last - first + 1);
}

/* Values of every type, so that each is in the DWARF at any optimisation level. */
volatile struct frame used_frame;
volatile struct packed_bits used_packed_bits;
volatile struct packed_bits24 used_packed_bits24;
volatile struct packed_enums used_packed_enums;
volatile struct packed_aligned used_packed_aligned;
volatile struct pack2 used_pack2;
volatile ctrl_reg_t used_ctrl;
volatile struct status_reg used_status;
volatile struct enum_bits used_enum_bits;
volatile struct dma_ring used_dma;
volatile struct cache_line used_cache_line;
volatile struct board_config used_config;
volatile struct scalars used_scalars;
volatile struct tagged_view used_view;
volatile struct mixed_bits used_mixed;
volatile struct zero_width used_zero_width;
volatile struct wide_bits used_wide;
volatile struct can_message used_can;
volatile struct sample_batch used_batch;
volatile struct ring_buffer used_ring;
volatile struct gpio_registers used_gpio;
volatile struct driver used_driver;
volatile struct flags used_flags;
volatile struct signed_bits used_signed;
volatile message_t used_message;
volatile struct clock_state used_clock;
volatile struct enum_array used_enum_array;
volatile struct long_double_pair used_long_double;
volatile enum e8 used_e8;
volatile enum e16 used_e16;
volatile enum e32 used_e32;
volatile op_mode_t used_mode;
volatile struct tm used_tm;
volatile struct timespec used_timespec;
volatile div_t used_div;

int main(void) {
  SIZE(enum e8);
  SIZE(enum e16);
  SIZE(enum e32);
  SIZE(enum state);
  SIZE(op_mode_t);
  SIZE(struct frame_header);
  OFFSET(struct frame_header, length);
  OFFSET(struct frame_header, address);
  OFFSET(struct frame_header, command);
  SIZE(struct frame);
  OFFSET(struct frame, header.address);
  OFFSET(struct frame, payload);
  OFFSET(struct frame, crc);
  SIZE(struct packed_bits);
  BITS(struct packed_bits, kind);
  BITS(struct packed_bits, channel);
  BITS(struct packed_bits, value);
  SIZE(struct packed_bits24);
  BITS(struct packed_bits24, low);
  BITS(struct packed_bits24, high);
  SIZE(struct packed_enums);
  OFFSET(struct packed_enums, code);
  OFFSET(struct packed_enums, wide);
  OFFSET(struct packed_enums, small);
  SIZE(struct packed_aligned);
  OFFSET(struct packed_aligned, b);
  SIZE(struct pack2);
  OFFSET(struct pack2, b);
  OFFSET(struct pack2, c);
  OFFSET(struct pack2, d);
  SIZE(ctrl_reg_t);
  BITS(ctrl_reg_t, bits.enable);
  BITS(ctrl_reg_t, bits.mode);
  BITS(ctrl_reg_t, bits.prescale);
  BITS(ctrl_reg_t, bits.count);
  SIZE(struct status_reg);
  BITS(struct status_reg, ready);
  BITS(struct status_reg, error);
  BITS(struct status_reg, code);
  BITS(struct status_reg, state);
  BITS(struct status_reg, kind);
  SIZE(struct enum_bits);
  BITS(struct enum_bits, state);
  BITS(struct enum_bits, kind);
  BITS(struct enum_bits, flag);
  OFFSET(struct enum_bits, rest);
  BITS(struct enum_bits, level);
  BITS(struct enum_bits, mode);
  SIZE(struct dma_descriptor);
  OFFSET(struct dma_descriptor, count);
  OFFSET(struct dma_descriptor, next);
  SIZE(struct dma_ring);
  OFFSET(struct dma_ring, descriptors);
  OFFSET(struct dma_ring, descriptors[1].flags);
  SIZE(struct cache_line);
  SIZE(struct uart_config);
  OFFSET(struct uart_config, stop_bits);
  SIZE(struct board_config);
  OFFSET(struct board_config, timer);
  OFFSET(struct board_config, timer.prescale);
  OFFSET(struct board_config, mode);
  OFFSET(struct board_config, op);
  OFFSET(struct board_config, gain);
  OFFSET(struct board_config, offset);
  OFFSET(struct board_config, enabled);
  SIZE(struct scalars);
  OFFSET(struct scalars, s);
  OFFSET(struct scalars, l);
  OFFSET(struct scalars, ll);
  OFFSET(struct scalars, f);
  OFFSET(struct scalars, d);
  OFFSET(struct scalars, ld);
  OFFSET(struct scalars, p);
  SIZE(union view);
  SIZE(struct tagged_view);
  OFFSET(struct tagged_view, value);
  SIZE(struct mixed_bits);
  BITS(struct mixed_bits, a);
  BITS(struct mixed_bits, b);
  BITS(struct mixed_bits, c);
  OFFSET(struct mixed_bits, d);
  SIZE(struct zero_width);
  BITS(struct zero_width, a);
  BITS(struct zero_width, b);
  SIZE(struct wide_bits);
  BITS(struct wide_bits, low);
  BITS(struct wide_bits, high);
  SIZE(struct can_message);
  BITS(struct can_message, id);
  BITS(struct can_message, extended);
  BITS(struct can_message, remote);
  OFFSET(struct can_message, length);
  OFFSET(struct can_message, data);
  SIZE(struct sample);
  OFFSET(struct sample, timestamp);
  SIZE(struct sample_batch);
  OFFSET(struct sample_batch, samples);
  OFFSET(struct sample_batch, samples[2].timestamp);
  SIZE(struct ring_buffer);
  OFFSET(struct ring_buffer, head);
  OFFSET(struct ring_buffer, tail);
  SIZE(struct gpio_registers);
  OFFSET(struct gpio_registers, BSRRH);
  OFFSET(struct gpio_registers, LCKR);
  OFFSET(struct gpio_registers, AFR);
  SIZE(struct driver);
  OFFSET(struct driver, read);
  OFFSET(struct driver, name);
  SIZE(struct flags);
  BITS(struct flags, b);
  BITS(struct flags, c);
  BITS(struct flags, d);
  SIZE(struct signed_bits);
  BITS(struct signed_bits, a);
  BITS(struct signed_bits, b);
  BITS(struct signed_bits, c);
  SIZE(message_t);
  OFFSET(message_t, as);
  OFFSET(message_t, as.second.c);
  SIZE(struct clock_state);
  OFFSET(struct clock_state, since);
  OFFSET(struct clock_state, since.tv_nsec);
  OFFSET(struct clock_state, state);
  SIZE(struct enum_array);
  OFFSET(struct enum_array, levels);
  OFFSET(struct enum_array, end);
  SIZE(struct long_double_pair);
  OFFSET(struct long_double_pair, value);
  SIZE(struct tm);
  OFFSET(struct tm, tm_mday);
  OFFSET(struct tm, tm_isdst);
  SIZE(struct timespec);
  OFFSET(struct timespec, tv_nsec);
  SIZE(div_t);
  OFFSET(div_t, rem);
  printf("end\n");
#ifdef __riscv
  /* QEMU virt's test device: 0x5555 ends the run with status 0. */
  *(volatile uint32_t *)0x100000 = 0x5555;
#endif
  return used_e8 + used_frame.crc;
}
