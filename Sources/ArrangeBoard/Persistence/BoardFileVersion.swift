/// The board file as it is on disk at one moment: its bytes, an identity stamp, and whether some
/// program is writing it.
///
/// Two versions with equal stamps and equal bytes, taken a while apart, describe a file that
/// stayed put in between: that is how a caller tells a finished outside edit from one still
/// being written.
public struct BoardFileVersion: Hashable, Sendable {
  /// The file's identity and times, from `stat(2)`.
  public struct Stamp: Hashable, Sendable {
    /// The device the file is on.
    public var device: UInt64
    /// The file's inode number.
    public var inode: UInt64
    /// The size in bytes.
    public var size: Int64
    /// The last modification, in nanoseconds since 1970.
    public var modified: Int64
    /// The last status change (a rename, a permission change), in nanoseconds since 1970.
    public var changed: Int64

    /// Creates a stamp.
    public init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
      self.device = device
      self.inode = inode
      self.size = size
      self.modified = modified
      self.changed = changed
    }
  }

  /// The bytes, or `nil` when there is no file.
  public var contents: [UInt8]?
  /// The file's stamp, or `nil` when there is no file.
  public var stamp: Stamp?
  /// Whether another program has the file open for writing (or another `arrange` process is
  /// saving it) right now; `nil` when the system cannot tell (the file belongs to another user,
  /// or the file system does not support leases).
  public var isBeingWritten: Bool?

  /// Creates a version.
  public init(contents: [UInt8]?, stamp: Stamp?, isBeingWritten: Bool?) {
    self.contents = contents
    self.stamp = stamp
    self.isBeingWritten = isBeingWritten
  }
}
