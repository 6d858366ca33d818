/*
 * recread_priv: the record reader's fast paths (recread.c alone includes
 * it), each the plain loop's result sixteen or eight bytes at once: SSE2
 * where the compiler has it, else words of util.h's SWAR.  tests/unit.c's
 * scan and record cases compare them with the plain paths.
 */
#ifndef DELVING_RECREAD_PRIV_H
#define DELVING_RECREAD_PRIV_H

#include <stddef.h>
#include <stdint.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "util.h"

#ifndef __SSE2__
/*
 * Bit 7 of each byte of M, the mask util.h's SWAR tests give, as bit I
 * for byte I: the multiply moves each to bit 56 + I, and no two meet.
 */
static inline unsigned
gather8(uint64_t m)
{
	return (unsigned)(((m >> 7) * UINT64_C(0x0102040810204080)) >> 56);
}
#endif

/*
 * Sixteen bytes at S as masks, bit I for byte I: the TABs in *TABS, and
 * the return, every byte that is not printable ASCII (a TAB, a control,
 * DEL or 0x80 up).  SSE2 where the compiler has it (every x86-64), else
 * two words of util.h's SWAR.
 */
static inline unsigned
odd16(const char *s, unsigned *tabs)
{
#ifdef __SSE2__
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);

	*tabs = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v,
	    _mm_set1_epi8('\t')));
	/* b + 1, signed, is below 0x21 when b is below 0x20 or 0x7f up */
	return (unsigned)_mm_movemask_epi8(_mm_cmpgt_epi8(_mm_set1_epi8(0x21),
	    _mm_add_epi8(v, _mm_set1_epi8(1))));
#else
	uint64_t lo = load8(s), hi = load8(s + 8);

	*tabs = gather8(equal8(lo, '\t')) | gather8(equal8(hi, '\t')) << 8;
	return gather8(~printable8(lo) & BYTES(0x80)) |
	    gather8(~printable8(hi) & BYTES(0x80)) << 8;
#endif
}

/*
 * The length of a character of two or three bytes that is valid UTF-8
 * with no more checks than these (no overlong form, no surrogate can
 * start so): most text that is not ASCII, as the em dash of the seeds'
 * sentences, judged without a call; 0 for any other, for text_len.
 */
static inline int
utf8_common(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;

	if (n >= 2 && p[0] >= 0xc2 && p[0] <= 0xdf && (p[1] & 0xc0) == 0x80)
		return 2;
	if (n >= 3 && p[0] >= 0xe1 && p[0] <= 0xec &&
	    (p[1] & 0xc0) == 0x80 && (p[2] & 0xc0) == 0x80)
		return 3;
	return 0;
}

/* The digits' values T, in the top bytes of a word, summed (digits8). */
static inline uint64_t
digits8_sum(uint64_t t)
{
	t = (t * 10 + (t >> 8)) & UINT64_C(0x00ff00ff00ff00ff);
	t = (t * 100 + (t >> 16)) & UINT64_C(0x0000ffff0000ffff);
	return (t * 10000 + (t >> 32)) & UINT64_C(0xffffffff);
}

/*
 * One to eight digits at S, N of them, as a number, eight bytes at once;
 * -1 when one is not a digit.  The digits, moved to the top of the word
 * (the first digit the lowest byte, as loaded), are summed in pairs, in
 * fours, then in eights: each step a multiply and a shift.
 */
static inline int64_t
digits8(const char *s, size_t n)
{
	uint64_t top = ~(uint64_t)0 << (64 - 8 * n);
	uint64_t t = (load8(s) << (64 - 8 * n) ^ BYTES('0')) & top;

	if (((t | (t + BYTES(0x06))) & BYTES(0xf0) & top) != 0)
		return -1;
	return (int64_t)digits8_sum(t);
}

#endif
