// swift-format-ignore-file: AlwaysUseLowerCamelCase, AllPublicDeclarationsHaveDocumentation

// cvalue.h's cv_options_ functions, implemented with `@c @implementation` as CValueC.swift's are.
public import CValueCHeader

// MARK: - Options

@c @implementation
public func cv_options_new(_ options: UnsafeMutablePointer<OpaquePointer?>?, _ message: MessageOut) -> Int32 {
  run(message) { () throws(CAPIError) in
    try required(options, "options", in: "cv_options_new").pointee = retained(OptionsHandle())
  }
}

@c @implementation
public func cv_options_set_tolerance(
  _ options: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ tolerance: UnsafePointer<cv_tolerance>?,
  _ message: MessageOut
) -> Int32 {
  run(message) { () throws(CAPIError) in
    let name = "cv_options_set_tolerance"
    let handle: OptionsHandle = try object(options, "options", in: name)
    let tolerance = try readSized(
      tolerance, zero: cv_tolerance(), minimum: MemoryLayout<Int>.size, ("tolerance", "cv_tolerance"), in: name)
    let known = CV_FLOAT_NAN_EQUALS_NAN | CV_FLOAT_BITWISE
    guard tolerance.flags & ~known == 0 else {
      throw CAPIError(
        status: CV_ERROR_ARGUMENT,
        message: "cv_options_set_tolerance: unknown flags 0x\(String(tolerance.flags, radix: 16))")
    }
    try handle.setTolerance(
      at: path.map { String(cString: $0) }, absolute: tolerance.absolute, relative: tolerance.relative,
      ulps: tolerance.ulps, nanEqualsNaN: tolerance.flags & CV_FLOAT_NAN_EQUALS_NAN != 0,
      bitwise: tolerance.flags & CV_FLOAT_BITWISE != 0)
  }
}

@c @implementation
public func cv_options_set_union_member(
  _ options: OpaquePointer?, _ unionPath: UnsafePointer<CChar>?, _ member: UnsafePointer<CChar>?, _ message: MessageOut
) -> Int32 {
  run(message) { () throws(CAPIError) in
    let name = "cv_options_set_union_member"
    let handle: OptionsHandle = try object(options, "options", in: name)
    try handle.setUnionMember(
      at: try string(unionPath, "union_path", in: name), member: try string(member, "member", in: name))
  }
}

@c @implementation
public func cv_options_set_union_tag(
  _ options: OpaquePointer?, _ unionPath: UnsafePointer<CChar>?, _ tagPath: UnsafePointer<CChar>?,
  _ tags: UnsafePointer<Int64>?, _ members: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int,
  _ unknownAsBytes: Int32, _ message: MessageOut
) -> Int32 {
  run(message) { () throws(CAPIError) in
    let name = "cv_options_set_union_tag"
    let handle: OptionsHandle = try object(options, "options", in: name)
    let names = try strings(members, count: count, "members", in: name)
    var map: [Int64: String] = [:]
    if count > 0 {
      let tags = try required(tags, "tags", in: name)
      for index in 0..<count { map[tags[index]] = names[index] }
    }
    try handle.setUnionTag(
      at: try string(unionPath, "union_path", in: name), tag: try string(tagPath, "tag_path", in: name),
      members: map, unknownAsBytes: unknownAsBytes != 0)
  }
}

@c @implementation
public func cv_options_ignore(_ options: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ message: MessageOut) -> Int32
{
  run(message) { () throws(CAPIError) in
    let handle: OptionsHandle = try object(options, "options", in: "cv_options_ignore")
    try handle.ignore(try string(path, "path", in: "cv_options_ignore"))
  }
}

@c @implementation
public func cv_options_set_comparer(
  _ options: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ comparer: UnsafePointer<cv_field_comparer>?,
  _ message: MessageOut
) -> Int32 {
  run(message) { () throws(CAPIError) in
    let name = "cv_options_set_comparer"
    let handle: OptionsHandle = try object(options, "options", in: name)
    try handle.setComparer(try fieldComparer(comparer, in: name), at: try string(path, "path", in: name))
  }
}

@c @implementation
public func cv_options_set_max_reported(_ options: OpaquePointer?, _ count: Int32, _ message: MessageOut) -> Int32 {
  run(message) { () throws(CAPIError) in
    let handle: OptionsHandle = try object(options, "options", in: "cv_options_set_max_reported")
    guard count >= 1 else {
      throw CAPIError(status: CV_ERROR_ARGUMENT, message: "cv_options_set_max_reported: count \(count) is below 1")
    }
    handle.setMaximumReported(Int(count))
  }
}

@c @implementation
public func cv_options_free(_ options: OpaquePointer?) { release(options) }
