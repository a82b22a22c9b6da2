/* The AppImage runtime of KVS Admin: written for this project from the AppImage type-2
 * specification, because neither Debian nor the npm registry ship one (see
 * README, "Packages"). Linked statically with Debian's squashfuse and libfuse3.
 *
 * The file is this ELF program with a squashfs image appended after its last byte (the end of
 * the section header table or of the last section, whichever is later). Bytes 8-10 hold the
 * magic "AI\x02"; the .upd_info section holds the update information (written by objcopy).
 *
 * Modes:
 *   (default)                      mount the image with FUSE at $TMPDIR/.mount_kvsXXXXXX, run
 *                                  AppRun in a child, forward SIGINT/TERM/HUP, unmount; when
 *                                  FUSE cannot mount, fall back to extract-and-run
 *   --appimage-extract-and-run     (or APPIMAGE_EXTRACT_AND_RUN=1) extract into a temporary
 *                                  folder, run AppRun, remove the folder
 *   --appimage-extract [PREFIX]    extract (the paths starting with PREFIX) to ./squashfs-root
 *   --appimage-mount               mount, print the mount point, wait for SIGINT/SIGTERM
 *   --appimage-offset              print the image's offset
 *   --appimage-updateinformation   print the update information
 *   --appimage-help                this list
 * AppRun gets APPIMAGE (this file), APPDIR (the mount or folder), ARGV0 and OWD.
 *
 * While the window application starts from the FUSE mount, a thread reads the files listed in
 * APPDIR/.prefetch ahead of it (see start_prefetch). */

#define _GNU_SOURCE
#include <squashfuse.h>
#include <ll.h>
#include <traverse.h>

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <malloc.h>
#include <pthread.h>
#include <stdatomic.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* Reserved in the ELF file: appimagetool-compatible tools and our packaging script fill them. */
__attribute__((section(".upd_info"), used)) static const char g_update_info[1024] = "";
__attribute__((section(".sha256_sig"), used)) static const char g_signature[1024] = "";
__attribute__((section(".sig_key"), used)) static const char g_signature_key[8192] = "";

static volatile pid_t g_child = 0;

static void die(const char *what)
{
    fprintf(stderr, "AppImage runtime: %s: %s\n", what, strerror(errno));
    exit(1);
}

/* The squashfs starts where the ELF file ends. */
static off_t elf_end(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        die(path);
    Elf64_Ehdr eh;
    if (pread(fd, &eh, sizeof eh, 0) != (ssize_t)sizeof eh || memcmp(eh.e_ident, ELFMAG, SELFMAG)
        || eh.e_ident[EI_CLASS] != ELFCLASS64) {
        fprintf(stderr, "AppImage runtime: %s is not a 64-bit ELF file\n", path);
        exit(1);
    }
    off_t end = (off_t)(eh.e_shoff + (Elf64_Off)eh.e_shentsize * eh.e_shnum);
    for (unsigned i = 0; i < eh.e_shnum; ++i) {
        Elf64_Shdr sh;
        if (pread(fd, &sh, sizeof sh, (off_t)(eh.e_shoff + (Elf64_Off)i * eh.e_shentsize))
            != (ssize_t)sizeof sh)
            die("reading the section headers");
        if (sh.sh_type != SHT_NOBITS && (off_t)(sh.sh_offset + sh.sh_size) > end)
            end = (off_t)(sh.sh_offset + sh.sh_size);
    }
    close(fd);
    return end;
}

static int open_image(sqfs *fs, const char *self, off_t offset)
{
    int fd = open(self, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        die(self);
    if (sqfs_init(fs, fd, (size_t)offset) != SQFS_OK) {
        fprintf(stderr, "AppImage runtime: no squashfs image at offset %lld of %s\n",
                (long long)offset, self);
        exit(1);
    }
    return fd;
}

static int write_file(sqfs *fs, sqfs_inode *inode, const char *path)
{
    int out = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, inode->base.mode & 07777);
    if (out < 0)
        return -1;
    static char buffer[1 << 16];
    sqfs_off_t done = 0;
    while ((uint64_t)done < inode->xtra.reg.file_size) {
        sqfs_off_t size = sizeof buffer;
        if (sqfs_read_range(fs, inode, done, &size, buffer) != SQFS_OK || size <= 0)
            break;
        if (write(out, buffer, (size_t)size) != (ssize_t)size)
            break;
        done += size;
    }
    fchmod(out, inode->base.mode & 07777);
    close(out);
    return (uint64_t)done == inode->xtra.reg.file_size ? 0 : -1;
}

/* Extracts the image (the paths starting with prefix, if any) into dest. */
static void extract(const char *self, off_t offset, const char *dest, const char *prefix)
{
    sqfs fs;
    int fd = open_image(&fs, self, offset);
    if (mkdir(dest, 0755) && errno != EEXIST)
        die(dest);
    sqfs_traverse trv;
    if (sqfs_traverse_open(&trv, &fs, sqfs_inode_root(&fs)) != SQFS_OK)
        die("reading the image");
    sqfs_err err = SQFS_OK;
    char path[PATH_MAX];
    while (sqfs_traverse_next(&trv, &err)) {
        if (trv.dir_end)
            continue;
        if (prefix && *prefix && strncmp(trv.path, prefix, strlen(prefix)) != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dest, trv.path);
        sqfs_inode inode;
        if (sqfs_inode_get(&fs, &inode, trv.entry.inode) != SQFS_OK)
            die(trv.path);
        if (S_ISDIR(inode.base.mode)) {
            if (mkdir(path, inode.base.mode & 07777) && errno != EEXIST)
                die(path);
        } else if (S_ISREG(inode.base.mode)) {
            if (write_file(&fs, &inode, path))
                die(path);
        } else if (S_ISLNK(inode.base.mode)) {
            char target[PATH_MAX];
            size_t size = sizeof target;
            if (sqfs_readlink(&fs, &inode, target, &size) != SQFS_OK)
                die(trv.path);
            unlink(path);
            if (symlink(target, path))
                die(path);
        }
    }
    if (err != SQFS_OK)
        die("reading the image");
    sqfs_traverse_close(&trv);
    sqfs_destroy(&fs);
    close(fd);
}

static void forward_signal(int sig)
{
    if (g_child > 0)
        kill(g_child, sig);
}

/* Read-ahead of the application's start files. A fresh FUSE mount has an empty page cache, so
 * every page the starting application touches is decompressed by the FUSE server while the
 * application waits for it, one page fault after another: the server and the application take
 * turns on one core. The thread below reads the files the window application loads (listed
 * at packaging time in APPDIR/.prefetch, in the order the dynamic loader opens them) so that
 * the server decompresses them on the other core while the application runs, and the
 * application finds most pages in the page cache (squashfuse opens files with keep_cache). */
struct prefetch {
    char appdir[PATH_MAX];
    atomic_int stop;
    pthread_t thread;
    int running;
};

static void read_whole_file(const char *path, const atomic_int *stop)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return;
    posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    static char buffer[256 << 10];
    while (!atomic_load(stop) && read(fd, buffer, sizeof buffer) > 0) {
    }
    close(fd);
}

static void *prefetch_files(void *arg)
{
    struct prefetch *job = arg;
    char path[PATH_MAX];
    FILE *list = NULL;
    if (snprintf(path, sizeof path, "%s/.prefetch", job->appdir) < (int)sizeof path)
        list = fopen(path, "re");
    if (!list)
        return NULL;
    char line[PATH_MAX];
    while (!atomic_load(&job->stop) && fgets(line, sizeof line, list)) {
        line[strcspn(line, "\n")] = '\0';
        if (!*line)
            continue;
        if (snprintf(path, sizeof path, "%s/%s", job->appdir, line) < (int)sizeof path)
            read_whole_file(path, &job->stop);
    }
    fclose(list);
    return NULL;
}

/* The command-line program (AppRun's "kvs" dispatch) loads none of the window's files. */
static int runs_command_line(int argc, char **argv)
{
    const char *slash = strrchr(argv[0], '/');
    const char *name = slash ? slash + 1 : argv[0];
    return !strcmp(name, "kvs") || (argc > 1 && !strcmp(argv[1], "kvs"));
}

static void start_prefetch(struct prefetch *job, const char *appdir, int argc, char **argv)
{
    job->running = 0;
    atomic_init(&job->stop, 0);
    if (runs_command_line(argc, argv) || getenv("KVS_APPIMAGE_NO_PREFETCH"))
        return;
    snprintf(job->appdir, sizeof job->appdir, "%s", appdir);
    job->running = pthread_create(&job->thread, NULL, prefetch_files, job) == 0;
}

static void stop_prefetch(struct prefetch *job)
{
    if (!job->running)
        return;
    atomic_store(&job->stop, 1);
    pthread_join(job->thread, NULL);
}

/* Runs APPDIR/AppRun with the arguments and returns its exit status. */
static int run_app(const char *appdir, const char *self, int argc, char **argv, int prefetch)
{
    char apprun[PATH_MAX], cwd[PATH_MAX];
    snprintf(apprun, sizeof apprun, "%s/AppRun", appdir);
    setenv("APPIMAGE", self, 1);
    setenv("APPDIR", appdir, 1);
    setenv("ARGV0", argv[0], 1);
    if (getcwd(cwd, sizeof cwd))
        setenv("OWD", cwd, 1);
    pid_t pid = fork();
    if (pid < 0)
        die("fork");
    if (pid == 0) {
        char **args = calloc((size_t)argc + 1, sizeof *args);
        args[0] = apprun;
        for (int i = 1; i < argc; ++i)
            args[i] = argv[i];
        execv(apprun, args);
        fprintf(stderr, "AppImage runtime: cannot run %s: %s\n", apprun, strerror(errno));
        _exit(127);
    }
    g_child = pid;
    struct prefetch job;
    if (prefetch)
        start_prefetch(&job, appdir, argc, argv);
    struct sigaction sa = {0};
    sa.sa_handler = forward_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    g_child = 0;
    if (prefetch)
        stop_prefetch(&job);
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(path);
}

static const char *temp_dir(void)
{
    const char *tmp = getenv("TMPDIR");
    return tmp && *tmp ? tmp : "/tmp";
}

static int extract_and_run(const char *self, off_t offset, int argc, char **argv)
{
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s/appimage_extracted_XXXXXX", temp_dir());
    if (!mkdtemp(dir))
        die(dir);
    extract(self, offset, dir, NULL);
    int status = run_app(dir, self, argc, argv, 0);
    if (!getenv("NO_CLEANUP"))
        nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    return status;
}

/* Forks the FUSE server; returns its pid once the image is mounted at mountpoint, or -1. */
static pid_t mount_image(const char *self, off_t offset, const char *mountpoint)
{
    int ready[2];
    if (pipe2(ready, O_CLOEXEC))
        die("pipe");
    pid_t pid = fork();
    if (pid < 0)
        die("fork");
    if (pid == 0) {
        close(ready[0]);
        /* squashfuse allocates a block-sized buffer for each read and each decompressed block:
         * kept in the heap (not mapped and unmapped each time, nor trimmed away) the memory is
         * reused without page faults. */
        mallopt(M_MMAP_THRESHOLD, 4 << 20);
        mallopt(M_TRIM_THRESHOLD, 64 << 20);
        sqfs_ll *ll = sqfs_ll_open(self, (size_t)offset);
        if (!ll)
            _exit(1);
        struct fuse_lowlevel_ops ops;
        memset(&ops, 0, sizeof ops);
        ops.lookup = sqfs_ll_op_lookup;
        ops.forget = sqfs_ll_op_forget;
        ops.getattr = sqfs_ll_op_getattr;
        ops.readlink = sqfs_ll_op_readlink;
        ops.open = sqfs_ll_op_open;
        ops.read = sqfs_ll_op_read;
        ops.release = sqfs_ll_op_release;
        ops.opendir = sqfs_ll_op_opendir;
        ops.readdir = sqfs_ll_op_readdir;
        ops.releasedir = sqfs_ll_op_releasedir;
        ops.statfs = stfs_ll_op_statfs;
        ops.getxattr = sqfs_ll_op_getxattr;
        ops.listxattr = sqfs_ll_op_listxattr;
        ops.create = sqfs_ll_op_create;
        char *fuse_argv[] = {"kvs-admin-appimage", "-o", "ro,nodev,nosuid,subtype=kvs-admin", NULL};
        struct fuse_args args = FUSE_ARGS_INIT(3, fuse_argv);
        sqfs_ll_chan ch;
        /* Quiet: the caller says what failed and falls back. */
        int saved_err = dup(2), null = open("/dev/null", O_WRONLY);
        dup2(null, 2);
        sqfs_err mounted = sqfs_ll_mount(&ch, mountpoint, &args, &ops, sizeof ops, ll);
        dup2(saved_err, 2);
        if (mounted != SQFS_OK)
            _exit(1);
        fuse_set_signal_handlers(ch.session);
        if (write(ready[1], "m", 1) != 1)
            _exit(1);
        close(ready[1]);
        fuse_session_loop(ch.session);
        fuse_remove_signal_handlers(ch.session);
        sqfs_ll_unmount(&ch, mountpoint);
        _exit(0);
    }
    close(ready[1]);
    char byte = 0;
    ssize_t got;
    while ((got = read(ready[0], &byte, 1)) < 0 && errno == EINTR) {
    }
    close(ready[0]);
    if (got != 1) {
        waitpid(pid, NULL, 0);
        return -1;
    }
    return pid;
}

static void unmount_image(pid_t server, const char *mountpoint)
{
    kill(server, SIGTERM);
    while (waitpid(server, NULL, 0) < 0 && errno == EINTR) {
    }
    rmdir(mountpoint);
}

static void wait_for_signal(void)
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    sigprocmask(SIG_BLOCK, &set, NULL);
    int sig = 0;
    sigwait(&set, &sig);
}

int main(int argc, char **argv)
{
    char self[PATH_MAX];
    ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
    if (length < 0)
        die("/proc/self/exe");
    self[length] = '\0';
    const off_t offset = elf_end(self);
    const char *mode = argc > 1 && strncmp(argv[1], "--appimage-", 11) == 0 ? argv[1] : NULL;
    const char *env_run = getenv("APPIMAGE_EXTRACT_AND_RUN");

    if (mode && !strcmp(mode, "--appimage-offset")) {
        printf("%lld\n", (long long)offset);
        return 0;
    }
    if (mode && !strcmp(mode, "--appimage-updateinformation")) {
        printf("%s\n", g_update_info);
        return 0;
    }
    if (mode && !strcmp(mode, "--appimage-extract")) {
        extract(self, offset, "squashfs-root", argc > 2 ? argv[2] : NULL);
        printf("squashfs-root\n");
        return 0;
    }
    if (mode && !strcmp(mode, "--appimage-extract-and-run")) {
        argv[1] = argv[0]; /* the application sees its arguments without the option */
        return extract_and_run(self, offset, argc - 1, argv + 1);
    }
    if (mode && strcmp(mode, "--appimage-mount") && strcmp(mode, "--appimage-help")) {
        fprintf(stderr, "AppImage runtime: unknown option %s (see --appimage-help)\n", mode);
        return 1;
    }
    if (mode && !strcmp(mode, "--appimage-help")) {
        printf("AppImage options (any other arguments go to the application):\n"
               "  --appimage-extract [PREFIX]   extract the contents to ./squashfs-root\n"
               "  --appimage-extract-and-run    run without FUSE (also APPIMAGE_EXTRACT_AND_RUN=1)\n"
               "  --appimage-mount              mount, print the mount point, wait for Ctrl+C\n"
               "  --appimage-offset             print the offset of the squashfs image\n"
               "  --appimage-updateinformation  print the update information\n"
               "  --appimage-help               this text\n");
        return 0;
    }
    if (env_run && !strcmp(env_run, "1"))
        return extract_and_run(self, offset, argc, argv);

    char mountpoint[PATH_MAX];
    snprintf(mountpoint, sizeof mountpoint, "%s/.mount_kvsXXXXXX", temp_dir());
    if (!mkdtemp(mountpoint))
        die(mountpoint);
    pid_t server = mount_image(self, offset, mountpoint);
    if (server < 0) {
        rmdir(mountpoint);
        if (mode) {
            fprintf(stderr, "AppImage runtime: cannot mount with FUSE (is fusermount3 "
                            "installed and /dev/fuse usable?)\n");
            return 1;
        }
        fprintf(stderr, "AppImage runtime: FUSE is not available (fusermount3 and /dev/fuse are "
                        "needed); extracting to a temporary folder instead "
                        "(--appimage-extract-and-run)\n");
        return extract_and_run(self, offset, argc, argv);
    }
    int status = 0;
    if (mode) { /* --appimage-mount */
        printf("%s\n", mountpoint);
        fflush(stdout);
        wait_for_signal();
    } else {
        status = run_app(mountpoint, self, argc, argv, 1);
    }
    unmount_image(server, mountpoint);
    return status;
}
