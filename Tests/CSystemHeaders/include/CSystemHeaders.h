#ifndef CSYSTEMHEADERS_H
#define CSYSTEMHEADERS_H

// System headers whose structs Swift's Glibc module does not export (iphdr, the packed epoll_event, timex with
// its unnamed `int :32` bitfields): a C target that includes them is how a Swift test of C code sees them, as a
// user's own C target would.
#include <netinet/ip.h>
#include <sys/epoll.h>
#include <sys/timex.h>

#endif
