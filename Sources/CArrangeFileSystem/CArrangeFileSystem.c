#define _GNU_SOURCE
#include "CArrangeFileSystem.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__linux__)
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#endif

int arrange_exchange(const char *from, const char *to) {
#if defined(__linux__) && defined(SYS_renameat2)
  return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, RENAME_EXCHANGE);
#else
  errno = ENOSYS;
  return -1;
#endif
}

int arrange_rename_no_replace(const char *from, const char *to) {
#if defined(__linux__) && defined(SYS_renameat2)
  return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE);
#else
  errno = ENOSYS;
  return -1;
#endif
}

#if defined(__linux__)
static int take_lease(int descriptor, int type) {
  // The kernel signals a lease holder when another process wants the file; the default action
  // of SIGIO would end this process.
  struct sigaction current;
  if (sigaction(SIGIO, NULL, &current) == 0 && current.sa_handler == SIG_DFL) {
    signal(SIGIO, SIG_IGN);
  }
  return fcntl(descriptor, F_SETLEASE, type);
}
#endif

int arrange_take_read_lease(int descriptor) {
#if defined(__linux__)
  return take_lease(descriptor, F_RDLCK);
#else
  (void)descriptor;
  errno = ENOSYS;
  return -1;
#endif
}

int arrange_take_write_lease(int descriptor) {
#if defined(__linux__)
  return take_lease(descriptor, F_WRLCK);
#else
  (void)descriptor;
  errno = ENOSYS;
  return -1;
#endif
}

int arrange_read_lease_is_intact(int descriptor) {
#if defined(__linux__)
  // While a lease is being broken, F_GETLEASE reports the type it is being broken to.
  int type = fcntl(descriptor, F_GETLEASE);
  if (type < 0) return -1;
  return type == F_RDLCK ? 1 : 0;
#else
  (void)descriptor;
  errno = ENOSYS;
  return -1;
#endif
}

void arrange_release_lease(int descriptor) {
#if defined(__linux__)
  (void)fcntl(descriptor, F_SETLEASE, F_UNLCK);
#else
  (void)descriptor;
#endif
}

#if defined(__linux__)
const long arrange_flag_immutable = FS_IMMUTABLE_FL;
const long arrange_flag_append_only = FS_APPEND_FL;
#else
const long arrange_flag_immutable = 0x10;
const long arrange_flag_append_only = 0x20;
#endif

long arrange_file_flags(int descriptor) {
#if defined(__linux__)
  int flags = 0;
  if (ioctl(descriptor, FS_IOC_GETFLAGS, &flags) != 0) return -1;
  return (long)(unsigned int)flags;
#else
  (void)descriptor;
  errno = ENOSYS;
  return -1;
#endif
}

mode_t arrange_current_umask(void) {
#if defined(__linux__)
  // Linux 4.7 and later report it; reading it does not race with other threads creating files.
  FILE *status = fopen("/proc/self/status", "re");
  if (status != NULL) {
    char line[256];
    unsigned int mask = 0;
    int found = 0;
    while (fgets(line, sizeof line, status) != NULL) {
      if (sscanf(line, "Umask: %o", &mask) == 1) {
        found = 1;
        break;
      }
    }
    fclose(status);
    if (found) return (mode_t)mask;
  }
#endif
  mode_t mask = umask(022);
  umask(mask);
  return mask;
}
