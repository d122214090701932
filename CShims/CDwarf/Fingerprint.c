// cv_dwarf_fingerprint: a type DIE's fingerprint, so that a type index keeps one definition of each kind per
// name instead of every unit's copy. A fingerprint must differ wherever the reader could read two DIEs
// differently: it covers every attribute the DIE has (but where it is declared) and every child, and follows
// references; the only things it leaves out are what the reader never looks at.
#include "CDwarf.h"

#include <stdlib.h>
#include <string.h>

enum {
  cv_empty = 0,
  cv_computing = 1,
  cv_done = 2,
};

typedef struct {
  const void *address;
  uint64_t fingerprint;
  int state;
} cv_fingerprint_slot;

struct cv_dwarf_fingerprints {
  cv_fingerprint_slot *slots;
  size_t capacity;  // a power of two
  size_t count;
};

cv_dwarf_fingerprints *cv_dwarf_fingerprints_create(void) {
  cv_dwarf_fingerprints *result = calloc(1, sizeof *result);
  if (result == NULL) return NULL;
  result->capacity = 1024;
  result->slots = calloc(result->capacity, sizeof *result->slots);
  if (result->slots == NULL) {
    free(result);
    return NULL;
  }
  return result;
}

void cv_dwarf_fingerprints_destroy(cv_dwarf_fingerprints *fingerprints) {
  if (fingerprints == NULL) return;
  free(fingerprints->slots);
  free(fingerprints);
}

void cv_dwarf_fingerprints_clear(cv_dwarf_fingerprints *fingerprints) {
  memset(fingerprints->slots, 0, fingerprints->capacity * sizeof *fingerprints->slots);
  fingerprints->count = 0;
}

static size_t cv_slot_index(const cv_dwarf_fingerprints *table, const void *address) {
  uint64_t key = (uint64_t)(uintptr_t)address;
  key ^= key >> 33;
  key *= 0xff51afd7ed558ccdULL;
  key ^= key >> 33;
  size_t index = (size_t)key & (table->capacity - 1);
  while (table->slots[index].state != cv_empty && table->slots[index].address != address) {
    index = (index + 1) & (table->capacity - 1);
  }
  return index;
}

// The slot for `address`, added when new; NULL when memory runs out (the caller then computes without one).
static cv_fingerprint_slot *cv_slot(cv_dwarf_fingerprints *table, const void *address) {
  if (table == NULL) return NULL;
  if ((table->count + 1) * 2 > table->capacity) {
    size_t capacity = table->capacity * 2;
    cv_fingerprint_slot *slots = calloc(capacity, sizeof *slots);
    if (slots == NULL) return NULL;
    cv_fingerprint_slot *old = table->slots;
    size_t oldCapacity = table->capacity;
    table->slots = slots;
    table->capacity = capacity;
    for (size_t i = 0; i < oldCapacity; i++) {
      if (old[i].state != cv_empty) table->slots[cv_slot_index(table, old[i].address)] = old[i];
    }
    free(old);
  }
  cv_fingerprint_slot *slot = &table->slots[cv_slot_index(table, address)];
  if (slot->state == cv_empty) {
    slot->address = address;
    table->count++;
  }
  return slot;
}

static uint64_t cv_mix(uint64_t hash, uint64_t value) {
  hash ^= value + 0x9e3779b97f4a7c15ULL + (hash << 6) + (hash >> 2);
  hash ^= hash >> 31;
  hash *= 0xbf58476d1ce4e5b9ULL;
  hash ^= hash >> 29;
  return hash;
}

static uint64_t cv_mix_bytes(uint64_t hash, const unsigned char *bytes, size_t count) {
  hash = cv_mix(hash, count);
  uint64_t word = 0;
  for (size_t i = 0; i < count; i++) {
    word = (word << 8) | bytes[i];
    if (i % 8 == 7) {
      hash = cv_mix(hash, word);
      word = 0;
    }
  }
  return cv_mix(hash, word);
}

static uint64_t cv_mix_string(uint64_t hash, const char *string) {
  if (string == NULL) return cv_mix(hash, 0x6e6f6e616d65ULL);  // "noname"
  return cv_mix_bytes(hash, (const unsigned char *)string, strlen(string));
}

typedef struct {
  const cv_dwarf_api *api;
  cv_dwarf_fingerprints *table;
  Dwarf_CU *unit;
  uint64_t hash;
  int tag;
  int depth;
} cv_fingerprint_walk;

static uint64_t cv_deep(cv_fingerprint_walk *walk, Dwarf_Die *die);
static uint64_t cv_shallow(cv_fingerprint_walk *walk, Dwarf_Die *die, int depth);

// DW_TAG_pointer_type, _reference_type, _rvalue_reference_type, _ptr_to_member_type: the reader reads a
// pointee by its kind and name, never into its members (which is how `struct list *next` ends).
static bool cv_points(int tag) { return tag == 0x0f || tag == 0x10 || tag == 0x42 || tag == 0x1f; }

static bool cv_is_reference_form(unsigned int form) {
  switch (form) {
    case 0x10: case 0x11: case 0x12: case 0x13: case 0x14: case 0x15: case 0x20:  // ref_addr, ref1-8, udata, sig8
    case 0x1c: case 0x24: case 0x1f20:  // ref_sup4, ref_sup8, GNU_ref_alt
      return true;
    default:
      return false;
  }
}

static bool cv_is_string_form(unsigned int form) {
  switch (form) {
    case 0x08: case 0x0e: case 0x1f: case 0x1a: case 0x25: case 0x26: case 0x27: case 0x28:  // string … strx4
    case 0x1d: case 0x1f02: case 0x1f21:  // strp_sup, GNU_str_index, GNU_strp_alt
      return true;
    default:
      return false;
  }
}

static bool cv_is_block_form(unsigned int form) {
  return form == 0x0a || form == 0x03 || form == 0x04 || form == 0x09 || form == 0x18 || form == 0x1e;
}

// A referenced DIE: followed, unless it is another unit's (LTO, dwz), which is named by its offset instead.
static uint64_t cv_referenced(cv_fingerprint_walk *walk, Dwarf_Die *target, bool shallow) {
  const cv_dwarf_api *api = walk->api;
  if (target->cu != walk->unit) {
    uint64_t hash = cv_mix(0x6f746865ULL, api->dwarf_dieoffset(target));  // "othe"
    return cv_mix(hash, (uint64_t)(uintptr_t)target->cu);
  }
  return shallow ? cv_shallow(walk, target, 0) : cv_deep(walk, target);
}

static int cv_attribute(Dwarf_Attribute *attribute, void *argument) {
  cv_fingerprint_walk *walk = argument;
  const cv_dwarf_api *api = walk->api;
  unsigned int code = attribute->code;
  // DW_AT_sibling, DW_AT_decl_column, _file, _line: where, not what.
  if (code == 0x01 || code == 0x39 || code == 0x3a || code == 0x3b) return 0;  // DWARF_CB_OK
  uint64_t hash = cv_mix(cv_mix(walk->hash, code), attribute->form);
  if (cv_is_reference_form(attribute->form)) {
    Dwarf_Die target;
    uint64_t signature;
    if (attribute->form == 0x20 && api->dwarf_formref_die(attribute, &target) == NULL && attribute->valp != NULL) {
      // A type signature libdw cannot follow (to a type unit of a .dwp package, a file of its own): the
      // signature names the type's contents.
      memcpy(&signature, attribute->valp, sizeof signature);
      hash = cv_mix(cv_mix(hash, 0x5198ULL), signature);
    } else if (api->dwarf_formref_die(attribute, &target) == NULL) {
      hash = cv_mix(hash, 0xbad0ULL);
    } else {
      hash = cv_mix(hash, cv_referenced(walk, &target, cv_points(walk->tag) && code == 0x49));
    }
  } else if (cv_is_string_form(attribute->form)) {
    hash = cv_mix_string(hash, api->dwarf_formstring(attribute));
  } else if (cv_is_block_form(attribute->form)) {
    Dwarf_Block block;
    if (api->dwarf_formblock(attribute, &block) == 0) {
      hash = cv_mix_bytes(hash, block.data, (size_t)block.length);
    } else {
      hash = cv_mix(hash, 0xbad1ULL);
    }
  } else if (attribute->form == 0x0c || attribute->form == 0x19) {  // flag, flag_present
    bool flag = false;
    hash = cv_mix(hash, api->dwarf_formflag(attribute, &flag) == 0 && flag);
  } else {
    Dwarf_Word value = 0;
    hash = cv_mix(hash, api->dwarf_formudata(attribute, &value) == 0 ? value : 0xbad2ULL);
  }
  walk->hash = hash;
  return 0;
}

// A member function (or any function) in a class: by its kind and its names alone; the reader never reads one.
static uint64_t cv_function(const cv_dwarf_api *api, Dwarf_Die *die) {
  uint64_t hash = cv_mix(0x66756e63ULL, (uint64_t)api->dwarf_tag(die));  // "func"
  hash = cv_mix_string(hash, api->dwarf_diename(die));
  Dwarf_Attribute attribute;
  // DW_AT_linkage_name, DW_AT_MIPS_linkage_name: tells overloads apart.
  if (api->dwarf_attr_integrate(die, 0x6e, &attribute) || api->dwarf_attr_integrate(die, 0x2007, &attribute)) {
    hash = cv_mix_string(hash, api->dwarf_formstring(&attribute));
  }
  return hash;
}

static uint64_t cv_compute(cv_fingerprint_walk *outer, Dwarf_Die *die) {
  const cv_dwarf_api *api = outer->api;
  cv_fingerprint_walk walk = *outer;
  walk.tag = api->dwarf_tag(die);
  walk.hash = cv_mix(0x64656570ULL, (uint64_t)walk.tag);  // "deep"
  walk.depth = outer->depth + 1;
  if (walk.depth > 256) return cv_mix(walk.hash, 0x746f6f64ULL);  // malformed nesting: the reader refuses it
  if (api->dwarf_getattrs(die, cv_attribute, &walk, 0) != 1) walk.hash = cv_mix(walk.hash, 0xbad3ULL);
  Dwarf_Die child;
  if (api->dwarf_child(die, &child) == 0) {
    while (true) {
      int tag = api->dwarf_tag(&child);
      uint64_t part = tag == 0x2e ? cv_function(api, &child) : cv_deep(&walk, &child);  // DW_TAG_subprogram
      walk.hash = cv_mix(walk.hash, part);
      Dwarf_Die next;
      if (api->dwarf_siblingof(&child, &next) != 0) break;
      child = next;
    }
  }
  return walk.hash;
}

static uint64_t cv_deep(cv_fingerprint_walk *walk, Dwarf_Die *die) {
  cv_fingerprint_slot *slot = cv_slot(walk->table, die->addr);
  if (slot != NULL && slot->state == cv_done) return slot->fingerprint;
  if (slot != NULL && slot->state == cv_computing) {
    // A type that holds itself (a static member of its own class): the reader stops there too.
    return cv_mix(cv_shallow(walk, die, 0), 0x6379636cULL);  // "cycl"
  }
  if (slot != NULL) slot->state = cv_computing;
  uint64_t result = cv_compute(walk, die);
  // The table may have grown meanwhile: find the slot again.
  slot = cv_slot(walk->table, die->addr);
  if (slot != NULL) {
    slot->state = cv_done;
    slot->fingerprint = result;
  }
  return result;
}

// What a pointer's pointee is to the reader: its kind and name, through typedefs, qualifiers, arrays and
// pointers; a base type or an enumeration in full (the reader encodes those).
static uint64_t cv_shallow(cv_fingerprint_walk *walk, Dwarf_Die *die, int depth) {
  const cv_dwarf_api *api = walk->api;
  int tag = api->dwarf_tag(die);
  uint64_t hash = cv_mix(0x7368616cULL, (uint64_t)tag);  // "shal"
  hash = cv_mix_string(hash, api->dwarf_diename(die));
  if (depth > 64) return cv_mix(hash, 0x746f6f64ULL);
  switch (tag) {
    case 0x13: case 0x02: case 0x17: case 0x15:  // structure, class, union, subroutine type
      return hash;
    case 0x24: case 0x04:  // base type, enumeration
      return cv_mix(hash, cv_deep(walk, die));
    default:
      break;
  }
  if (tag == 0x01) {  // an array: its bounds
    Dwarf_Die child;
    if (api->dwarf_child(die, &child) == 0) {
      while (true) {
        hash = cv_mix(hash, cv_deep(walk, &child));
        Dwarf_Die next;
        if (api->dwarf_siblingof(&child, &next) != 0) break;
        child = next;
      }
    }
  }
  Dwarf_Attribute attribute;
  Dwarf_Die target;
  if (api->dwarf_attr_integrate(die, 0x49, &attribute) != NULL) {
    if (api->dwarf_formref_die(&attribute, &target) != NULL) {
      hash = target.cu != walk->unit ? cv_mix(hash, cv_referenced(walk, &target, true))
                                     : cv_mix(hash, cv_shallow(walk, &target, depth + 1));
    } else if (attribute.form == 0x20 && attribute.valp != NULL) {
      uint64_t signature;
      memcpy(&signature, attribute.valp, sizeof signature);
      hash = cv_mix(cv_mix(hash, 0x5198ULL), signature);
    }
  }
  return hash;
}

uint64_t cv_dwarf_fingerprint(const cv_dwarf_api *api, Dwarf_Die *die, cv_dwarf_fingerprints *fingerprints) {
  cv_fingerprint_walk walk = {.api = api, .table = fingerprints, .unit = die->cu, .hash = 0, .tag = 0, .depth = 0};
  return cv_deep(&walk, die);
}
