/* The type the zero-set-up snapshot suites snapshot (alone and as an array), known to the library only through
 * the test binary's own debug info (built with -g), and their folder: each suite runs in a new temporary
 * folder, so that the snapshot paths in its output are relative, and prints what the run left in
 * __snapshots__ (the recorded snapshots, the .snap.new files for review) and the recorded array's file. */
#ifndef SNAPSHOT_TYPES_H
#define SNAPSHOT_TYPES_H

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct reading {
  uint16_t sensor;
  uint8_t flags;
  int32_t value;
  double scale;
};

/* An unnamed struct named by a typedef: GoogleTest's forms find it by the typedef's name. */
typedef struct {
  int32_t x, y;
} spot_t;

static char snapshot_folder_[] = "/tmp/cvalue-snapshot-program-XXXXXX";

/* Makes the temporary folder and its __snapshots__, and makes it the working directory; 0 when done. */
static int snapshot_folder_enter(void) {
  if (mkdtemp(snapshot_folder_) == NULL || chdir(snapshot_folder_) != 0) return 1;
  return mkdir("__snapshots__", 0755);
}

static int snapshot_name_order_(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Prints the files in __snapshots__ (sorted, dot files aside), then `shown`'s text, and removes the folder. */
static void snapshot_folder_report(const char *shown) {
  char *names[64];
  size_t count = 0, index;
  char path[256], command[64];
  int character;
  FILE *file;
  struct dirent *entry;
  DIR *folder = opendir("__snapshots__");
  while (folder != NULL && (entry = readdir(folder)) != NULL && count < 64) {
    if (entry->d_name[0] != '.') names[count++] = strdup(entry->d_name);
  }
  if (folder != NULL) closedir(folder);
  qsort(names, count, sizeof names[0], snapshot_name_order_);
  printf("__snapshots__:");
  for (index = 0; index < count; index++) {
    printf(" %s", names[index]);
    free(names[index]);
  }
  snprintf(path, sizeof path, "__snapshots__/%s", shown);
  printf("\n%s:\n", path);
  file = fopen(path, "r");
  while (file != NULL && (character = fgetc(file)) != EOF) putchar(character);
  if (file != NULL) fclose(file);
  snprintf(command, sizeof command, "rm -rf %s", snapshot_folder_);
  if (chdir("/") != 0 || system(command) != 0) printf("cannot remove %s\n", snapshot_folder_);
}

#endif /* SNAPSHOT_TYPES_H */
