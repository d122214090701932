// libdw's side of walk.sh: the same raw walks as dwarf-walk, with elfutils' libdw (libdw-dev).
//
//   walk-libdw walk FILE          every DIE of every unit (dwarf_child/dwarf_siblingof): tag and dwarf_diename
//   walk-libdw attributes FILE    every attribute of every DIE (dwarf_getattrs): strings by dwarf_formstring,
//                                 references by dwarf_formref_die, constants by dwarf_formudata
//   walk-libdw last FILE OFFSET   open, then dwarf_offdie of the last unit's DIE at OFFSET (as an index keeps it)
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static double peak_mb(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return (double)usage.ru_maxrss / 1024;
}

static long dies, named, attributes, strings;
static int read_attributes;

static int attribute(Dwarf_Attribute *attribute, void *argument) {
  (void)argument;
  attributes++;
  switch (dwarf_whatform(attribute)) {
    case DW_FORM_string: case DW_FORM_strp: case DW_FORM_line_strp: case DW_FORM_strx: case DW_FORM_strx1:
    case DW_FORM_strx2: case DW_FORM_strx3: case DW_FORM_strx4: case DW_FORM_GNU_str_index:
      if (dwarf_formstring(attribute) != NULL) strings++;
      break;
    case DW_FORM_ref1: case DW_FORM_ref2: case DW_FORM_ref4: case DW_FORM_ref8: case DW_FORM_ref_udata:
    case DW_FORM_ref_addr: {
      Dwarf_Die target;
      (void)dwarf_formref_die(attribute, &target);
      break;
    }
    default: {
      Dwarf_Word value;
      (void)dwarf_formudata(attribute, &value);
    }
  }
  return DWARF_CB_OK;
}

static void walk(Dwarf_Die *die) {
  Dwarf_Die current = *die;
  while (1) {
    dies++;
    (void)dwarf_tag(&current);
    if (read_attributes) {
      (void)dwarf_getattrs(&current, attribute, NULL, 0);
    } else if (dwarf_diename(&current) != NULL) {
      named++;
    }
    Dwarf_Die child;
    if (dwarf_child(&current, &child) == 0) walk(&child);
    Dwarf_Die next;
    if (dwarf_siblingof(&current, &next) != 0) break;
    current = next;
  }
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: walk-libdw walk|last FILE [OFFSET]\n");
    return 2;
  }
  double start = now();
  int fd = open(argv[2], O_RDONLY);
  Dwarf *dwarf = fd < 0 ? NULL : dwarf_begin(fd, DWARF_C_READ);
  if (dwarf == NULL) {
    fprintf(stderr, "%s: %s\n", argv[2], dwarf_errmsg(-1));
    return 1;
  }
  double opened = now();
  read_attributes = strcmp(argv[1], "attributes") == 0;
  if (strcmp(argv[1], "walk") == 0 || read_attributes) {
    Dwarf_CU *unit = NULL;
    Dwarf_Die cudie;
    long units = 0;
    while (dwarf_get_units(dwarf, unit, &unit, NULL, NULL, &cudie, NULL) == 0) {
      units++;
      walk(&cudie);
    }
    double end = now();
    if (read_attributes) {
      printf("dies %ld attributes %ld strings %ld open %.3f s walk %.3f s peak %.1f MB\n", dies, attributes, strings,
             opened - start, end - opened, peak_mb());
    } else {
      printf("units %ld dies %ld named %ld open %.3f s walk %.3f s peak %.1f MB\n", units, dies, named,
             opened - start, end - opened, peak_mb());
    }
  } else if (argc > 3) {
    Dwarf_Die die;
    unsigned long long offset = strtoull(argv[3], NULL, 0);
    if (dwarf_offdie(dwarf, offset, &die) == NULL) {
      fprintf(stderr, "no DIE at %s: %s\n", argv[3], dwarf_errmsg(-1));
      return 1;
    }
    const char *name = dwarf_diename(&die);
    double end = now();
    printf("last unit DIE at %s %s: open %.4f s, unit %.6f s\n", argv[3], name ? name : "?", opened - start,
           end - opened);
  }
  dwarf_end(dwarf);
  close(fd);
  return 0;
}
