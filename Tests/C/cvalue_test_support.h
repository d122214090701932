/* What the C tests share: the catalog file (made at test time by the installed `cvalue import`, path in
 * $CVALUE_CATALOG), a registry from it, and a type handle per system type the tests compare. */
#ifndef CVALUE_TEST_SUPPORT_H
#define CVALUE_TEST_SUPPORT_H

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <unistd.h>
#include <sys/epoll.h>
#include <sys/timex.h>

#include <cvalue.h>

#include "CTestTypes.h"

struct cv_test_types {
  cv_catalog *catalog;
  cv_registry *registry;
  cv_type *tcphdr, *sockaddr_in6, *epoll_event, *timex, *message, *point;
};

/* Loads the catalog and resolves the types; prints why and returns non-zero when it cannot. */
static inline int cv_test_types_load(struct cv_test_types *types) {
  char *message = NULL;
  const char *path = getenv("CVALUE_CATALOG");
  memset(types, 0, sizeof *types);
  if (path == NULL) {
    fprintf(stderr, "CVALUE_CATALOG is not set: run Tests/C/run.sh\n");
    return 1;
  }
#define CV_TRY(call)                                                          \
  if ((call) != CV_OK) {                                                      \
    fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, message); \
    cv_free(message);                                                         \
    return 1;                                                                 \
  }
  CV_TRY(cv_catalog_new(&types->catalog, &message));
  CV_TRY(cv_catalog_load_file(types->catalog, path, &message));
  CV_TRY(cv_registry_new(types->catalog, &types->registry, &message));
  CV_TRY(cv_type_resolve(types->registry, "struct tcphdr", sizeof(struct tcphdr), &types->tcphdr, &message));
  CV_TRY(cv_type_resolve(types->registry, "struct sockaddr_in6", sizeof(struct sockaddr_in6), &types->sockaddr_in6,
                         &message));
  CV_TRY(cv_type_resolve(types->registry, "struct epoll_event", sizeof(struct epoll_event), &types->epoll_event,
                         &message));
  CV_TRY(cv_type_resolve(types->registry, "struct timex", sizeof(struct timex), &types->timex, &message));
  CV_TRY(cv_type_resolve(types->registry, "struct cv_message", sizeof(struct cv_message), &types->message, &message));
  CV_TRY(cv_type_resolve(types->registry, "struct cv_point", sizeof(struct cv_point), &types->point, &message));
#undef CV_TRY
  return 0;
}

static inline void cv_test_types_free(struct cv_test_types *types) {
  cv_type_free(types->tcphdr);
  cv_type_free(types->sockaddr_in6);
  cv_type_free(types->epoll_event);
  cv_type_free(types->timex);
  cv_type_free(types->message);
  cv_type_free(types->point);
  cv_registry_free(types->registry);
  cv_catalog_free(types->catalog);
}

/* A TCP header from port 80 to 8080 with SYN set, as the tests build it. */
static inline struct tcphdr cv_test_syn(void) {
  struct tcphdr header;
  memset(&header, 0, sizeof header);
  header.source = htons(80);
  header.dest = htons(8080);
  header.seq = htonl(1);
  header.doff = 5;
  header.syn = 1;
  header.window = htons(512);
  return header;
}

static inline struct sockaddr_in6 cv_test_address(void) {
  struct sockaddr_in6 address;
  memset(&address, 0, sizeof address);
  address.sin6_family = AF_INET6;
  address.sin6_port = htons(443);
  address.sin6_addr = in6addr_loopback;
  return address;
}

#endif
