/* The consumer's own type: a packet, compared field by field in test_packet.c. */
#ifndef PACKET_H
#define PACKET_H
#include <stdint.h>

enum packet_kind { PACKET_DATA = 1, PACKET_ACK = 2 };

struct packet {
  enum packet_kind kind;
  uint16_t port;
  uint8_t payload[4];
};
#endif
