// The raw walk of CValueDWARF, timed: every DIE of every unit, one unit found by offset, one type unit by
// signature. Benchmarks/dwarf/walk.sh runs it beside libdw's walk (walk-libdw.c) on the same files.
//
//   dwarf-walk walk FILE      every DIE of every unit: its tag and its name (integrated, as dwarf_diename)
//   dwarf-walk attributes FILE  every attribute of every DIE decoded (strings found, references as offsets), as
//                             an index's fingerprints read them
//   dwarf-walk last FILE      open; the unit offsets (lengths only); the first unit and the last, each found by its
//                             offset alone, with its DIE's name; prints the last unit DIE's offset for libdw's side
//   dwarf-walk dump FILE      every DIE: offset, depth, tag, name (for a look at a file)
import CValueDWARF

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The peak resident memory of this process, in MB.
func peakMemory() -> Double {
  var usage = rusage()
  #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &usage)
  #else
    getrusage(RUSAGE_SELF, &usage)
  #endif
  #if canImport(Darwin)
    return Double(usage.ru_maxrss) / 1_048_576
  #else
    return Double(usage.ru_maxrss) / 1024
  #endif
}

/// `value` with `digits` digits after the point.
func fixed(_ value: Double, _ digits: Int) -> String {
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let scaled = Int((value * scale).rounded())
  let whole = String(scaled / Int(scale))
  let fraction = String(scaled % Int(scale))
  return digits == 0 ? whole : whole + "." + String(repeating: "0", count: digits - fraction.count) + fraction
}

/// Calls `body` with every unit of every DWARF of `file` (`.debug_info`'s, then `.debug_types`'), in order.
func forEveryUnit(_ file: DebugInfoFile, _ body: (DWARFUnit) throws(DWARFError) -> Void) throws(DWARFError) {
  for dwarf in file.objects {
    for section in [SectionKind.info, .types] where dwarf.sections.has(section) {
      for offset in try dwarf.unitOffsets(in: section) { try body(try dwarf.unit(at: offset, in: section)) }
    }
  }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
  print("usage: dwarf-walk walk|last|dump FILE")
  exit(2)
}
let mode = arguments[1]
let path = arguments[2]
do {
  let start = now()
  let file = try DebugInfoFile.open(path)
  let opened = now()
  switch mode {
  case "attributes":
    var dies = 0
    var attributes = 0
    var strings = 0
    try forEveryUnit(file) { unit throws(DWARFError) in
      var entries = unit.entries()
      while let (die, _) = try entries.next() {
        dies += 1
        try die.forEachAttribute { attribute in
          attributes += 1
          if case .string = attribute.value { strings += 1 }
        }
      }
    }
    let end = now()
    print(
      "dies \(dies) attributes \(attributes) strings \(strings) open \(fixed(opened - start, 3)) s walk "
        + "\(fixed(end - opened, 3)) s peak \(fixed(peakMemory(), 1)) MB")
  case "walk":
    var dies = 0
    var named = 0
    var units = 0
    try forEveryUnit(file) { unit throws(DWARFError) in
      units += 1
      var entries = unit.entries()
      while let (die, _) = try entries.next() {
        dies += 1
        if try die.nameBytes() != nil { named += 1 }
      }
    }
    let end = now()
    print(
      "units \(units) dies \(dies) named \(named) open \(fixed(opened - start, 3)) s walk "
        + "\(fixed(end - opened, 3)) s peak \(fixed(peakMemory(), 1)) MB")
  case "last":
    guard let dwarf = file.objects.last, let first = try dwarf.unitOffsets().first,
      let last = try dwarf.unitOffsets().last
    else { exit(1) }
    // Each unit cold (its pages not yet read, its abbreviations not yet parsed), the first one first.
    let found = now()
    let firstUnit = try dwarf.unit(at: first)
    let firstName = try firstUnit.name() ?? "?"
    let firstRead = now()
    let lastUnit = try dwarf.unit(at: last)
    let lastName = try lastUnit.name() ?? "?"
    let lastRead = now()
    print(
      "open \(fixed(opened - start, 4)) s, unit offsets \(fixed(found - opened, 4)) s; first unit \(firstName) "
        + "\(fixed((firstRead - found) * 1e6, 0)) µs; last unit (DIE at 0x\(String(try lastUnit.root().offset, radix: 16))) "
        + "\(lastName) \(fixed((lastRead - firstRead) * 1e6, 0)) µs")
  case "dump":
    try forEveryUnit(file) { unit throws(DWARFError) in
      print("unit 0x\(String(unit.offset, radix: 16)) \(unit.kind) v\(unit.version)")
      var entries = unit.entries()
      while let (die, depth) = try entries.next() {
        let name = try die.name() ?? ""
        print("0x\(String(die.offset, radix: 16)) \(String(repeating: " ", count: depth * 2))\(die.tag) \(name)")
      }
    }
  default:
    print("unknown mode \(mode)")
    exit(2)
  }
} catch {
  print("\(error)")
  exit(1)
}
