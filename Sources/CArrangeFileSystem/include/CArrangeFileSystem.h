// File-system calls the Swift Glibc module does not expose (Linux-only ones need _GNU_SOURCE),
// wrapped as plain functions. Elsewhere each reports ENOSYS, and callers fall back.
#ifndef C_ARRANGE_FILE_SYSTEM_H
#define C_ARRANGE_FILE_SYSTEM_H

#include <sys/types.h>

/// Atomically swaps the files at `from` and `to` (renameat2 with RENAME_EXCHANGE); -1 and errno
/// when it fails or is not supported (EINVAL, ENOSYS).
int arrange_exchange(const char *from, const char *to);

/// Renames `from` to `to` unless `to` exists (renameat2 with RENAME_NOREPLACE); -1 and errno.
int arrange_rename_no_replace(const char *from, const char *to);

/// Takes a read lease on `descriptor` (opened read-only): 0 when taken, -1 and errno otherwise
/// (EAGAIN: some process has the file open for writing). SIGIO, sent when another process opens
/// the file for writing while the lease is held, is ignored from then on (its default would end
/// the process).
int arrange_take_read_lease(int descriptor);

/// Takes a write lease on `descriptor` (opened for writing): 0 when taken, -1 and errno
/// otherwise (EAGAIN: some other open file description of the file exists). While it is held,
/// other processes' opens of the file wait until it is given up. SIGIO is ignored from then on.
int arrange_take_write_lease(int descriptor);

/// Whether the read lease on `descriptor` is still held and unbroken: 1 held, 0 broken or being
/// broken (another process is waiting to open the file for writing), -1 and errno on error.
int arrange_read_lease_is_intact(int descriptor);

/// Gives up the lease on `descriptor`.
void arrange_release_lease(int descriptor);

/// The inode flags of the open file (FS_IOC_GETFLAGS): -1 and errno when unknown.
long arrange_file_flags(int descriptor);

/// The immutable flag of arrange_file_flags.
extern const long arrange_flag_immutable;
/// The append-only flag of arrange_file_flags.
extern const long arrange_flag_append_only;

/// The process's file-creation mask, read without changing it where the system allows.
mode_t arrange_current_umask(void);

#endif
