#include <cvalue.h>
#include <stdio.h>
#include <stdlib.h>
struct p { double x, y; }; struct r { struct p o, s; };
int main(int argc, char **argv) {
  long n = atol(argv[1]);
  cv_catalog *catalog; cv_registry *registry; cv_type *type;
  const char *enc = "{bench_rect=\"origin\"{bench_point=\"x\"d\"y\"d}\"size\"{bench_size=\"width\"d\"height\"d}}";
  if (cv_catalog_new(&catalog, NULL) || cv_registry_new(catalog, &registry, NULL) ||
      cv_type_resolve(registry, enc, sizeof(struct r), &type, NULL)) return 2;
  struct r a[16], b[16];
  for (int i = 0; i < 16; i++) { a[i] = (struct r){{i, -i / 3.0}, {i * 1.5 + 1, 2 / (i + 1.0)}}; b[i] = a[i]; }
  long equal = 0;
  for (long i = 0; i < n; i++) {
    cv_comparison result = {.size = sizeof result};
    cv_compare(type, &a[i & 15], &b[i & 15], 1, NULL, &result, NULL);
    equal += result.is_equal;
  }
  printf("%ld\n", equal);
  return 0;
}
