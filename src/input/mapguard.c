/*
 * The SIGBUS guard of mapped inputs (input/mapguard.h).  The handler is
 * installed once; a fault inside the mapping of a thread running a
 * guarded call jumps back to mapguard_call(); any other SIGBUS gets the
 * default action, as if no handler were there.
 */
#include "config.h"

#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "input/mapguard.h"

static _Thread_local sigjmp_buf *guard_jmp;
static _Thread_local char *guard_addr;
static _Thread_local size_t guard_len;
static pthread_once_t installed = PTHREAD_ONCE_INIT;

static void
on_sigbus(int sig, siginfo_t *si, void *uc)
{
	char *a = si->si_addr;

	(void)uc;
	if (guard_jmp != NULL && guard_addr != NULL && a >= guard_addr &&
	    (size_t)(a - guard_addr) < guard_len)
		siglongjmp(*guard_jmp, 1);
	/* Not ours: the fault happens again with the default action. */
	signal(sig, SIG_DFL);
}

static void
install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_sigbus;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	(void)sigaction(SIGBUS, &sa, NULL);
}

void
mapguard_set(void *addr, size_t len)
{
	guard_addr = addr;
	guard_len = len;
}

void
mapguard_clear(void *addr)
{
	if (guard_addr == addr) {
		guard_addr = NULL;
		guard_len = 0;
	}
}

int
mapguard_call(int (*fn)(void *), void *arg)
{
	sigjmp_buf jb, *outer = guard_jmp;
	int rc;

	pthread_once(&installed, install);
	if (sigsetjmp(jb, 1) != 0) {
		guard_jmp = outer;
		if (guard_addr != NULL)
			(void)munmap(guard_addr, guard_len);
		guard_addr = NULL;
		guard_len = 0;
		return MAPGUARD_SHRANK;
	}
	guard_jmp = &jb;
	rc = fn(arg);
	guard_jmp = outer;
	return rc;
}
