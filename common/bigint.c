/*
 * bigint: unsigned integers of any size as 32-bit limbs, least significant
 * first; the few operations exact odds need (add, subtract, multiply,
 * divide by a small number), schoolbook, libc only.
 */
#include <stdlib.h>
#include <string.h>

#include "bigint.h"
#include "util.h"

static void
grow(struct big *a, int n)
{
	if (n <= a->cap)
		return;
	a->cap = n < 4 ? 4 : n + n / 2;
	a->w = ereallocarray(a->w, (size_t)a->cap, sizeof *a->w);
}

static void
trim(struct big *a)
{
	while (a->n > 0 && a->w[a->n - 1] == 0)
		a->n--;
}

void
big_free(struct big *a)
{
	free(a->w);
	memset(a, 0, sizeof *a);
}

void
big_set(struct big *a, uint64_t v)
{
	grow(a, 2);
	a->w[0] = (uint32_t)v;
	a->w[1] = (uint32_t)(v >> 32);
	a->n = 2;
	trim(a);
}

void
big_copy(struct big *a, const struct big *b)
{
	grow(a, b->n);
	if (b->n > 0)
		memcpy(a->w, b->w, (size_t)b->n * sizeof *b->w);
	a->n = b->n;
}

/* a as a uint64_t in *v, if it fits: 1, else 0. */
int
big_u64(const struct big *a, uint64_t *v)
{
	if (a->n > 2)
		return 0;
	*v = a->n == 0 ? 0 : a->n == 1 ? a->w[0] :
	    (uint64_t)a->w[1] << 32 | a->w[0];
	return 1;
}

int
big_zero(const struct big *a)
{
	return a->n == 0;
}

int
big_cmp(const struct big *a, const struct big *b)
{
	int i;

	if (a->n != b->n)
		return a->n < b->n ? -1 : 1;
	for (i = a->n - 1; i >= 0; i--)
		if (a->w[i] != b->w[i])
			return a->w[i] < b->w[i] ? -1 : 1;
	return 0;
}

/* a += b */
void
big_add(struct big *a, const struct big *b)
{
	uint64_t c = 0;
	int i, n = a->n > b->n ? a->n : b->n;

	grow(a, n + 1);
	for (i = a->n; i < n + 1; i++)
		a->w[i] = 0;
	for (i = 0; i < n + 1; i++) {
		c += (uint64_t)a->w[i] + (i < b->n ? b->w[i] : 0);
		a->w[i] = (uint32_t)c;
		c >>= 32;
	}
	a->n = n + 1;
	trim(a);
}

/* a -= b, b <= a */
void
big_sub(struct big *a, const struct big *b)
{
	int64_t c = 0;
	int i;

	for (i = 0; i < a->n; i++) {
		c += (int64_t)a->w[i] - (i < b->n ? b->w[i] : 0);
		a->w[i] = (uint32_t)c;
		c = c < 0 ? -1 : 0;
	}
	trim(a);
}

/* a += b * c */
void
big_addmul(struct big *a, const struct big *b, const struct big *c)
{
	uint64_t t;
	int i, j, n;

	if (b->n == 0 || c->n == 0)
		return;
	n = (a->n > b->n + c->n ? a->n : b->n + c->n) + 1;
	grow(a, n);
	for (i = a->n; i < n; i++)
		a->w[i] = 0;
	a->n = n;
	for (i = 0; i < b->n; i++) {
		for (t = 0, j = 0; j < c->n; j++) {
			t += (uint64_t)b->w[i] * c->w[j] + a->w[i + j];
			a->w[i + j] = (uint32_t)t;
			t >>= 32;
		}
		for (j = i + c->n; t != 0; j++) {
			t += a->w[j];
			a->w[j] = (uint32_t)t;
			t >>= 32;
		}
	}
	trim(a);
}

/* a = b * c (a may be neither) */
void
big_mul(struct big *a, const struct big *b, const struct big *c)
{
	a->n = 0;
	big_addmul(a, b, c);
}

/* a = a * m + add */
void
big_mulsmall(struct big *a, uint32_t m, uint32_t add)
{
	uint64_t t = add;
	int i;

	grow(a, a->n + 1);
	for (i = 0; i < a->n; i++) {
		t += (uint64_t)a->w[i] * m;
		a->w[i] = (uint32_t)t;
		t >>= 32;
	}
	a->w[a->n++] = (uint32_t)t;
	trim(a);
}

/* a += b * m */
void
big_addsmall(struct big *a, const struct big *b, uint32_t m)
{
	uint64_t t = 0;
	int i, n = (a->n > b->n ? a->n : b->n) + 1;

	grow(a, n);
	for (i = a->n; i < n; i++)
		a->w[i] = 0;
	for (i = 0; i < n; i++) {
		t += (uint64_t)(i < b->n ? b->w[i] : 0) * m + a->w[i];
		a->w[i] = (uint32_t)t;
		t >>= 32;
	}
	a->n = n;
	trim(a);
}

/* a /= d; the remainder */
uint32_t
big_divsmall(struct big *a, uint32_t d)
{
	uint64_t r = 0;
	int i;

	for (i = a->n - 1; i >= 0; i--) {
		r = r << 32 | a->w[i];
		a->w[i] = (uint32_t)(r / d);
		r %= d;
	}
	trim(a);
	return (uint32_t)r;
}

int
big_bits(const struct big *a)
{
	uint32_t top;
	int b;

	if (a->n == 0)
		return 0;
	for (top = a->w[a->n - 1], b = 0; top != 0; top >>= 1)
		b++;
	return (a->n - 1) * 32 + b;
}

/* t /= 10^9, the remainder: a constant divisor, which the compiler multiplies by */
static uint32_t
div_billion(struct big *t)
{
	uint64_t r = 0;
	int i;

	for (i = t->n - 1; i >= 0; i--) {
		r = r << 32 | t->w[i];
		t->w[i] = (uint32_t)(r / 1000000000u);
		r %= 1000000000u;
	}
	trim(t);
	return (uint32_t)r;
}

/* The decimal digits, in a string the caller frees. */
char *
big_str(const struct big *a)
{
	struct big t = { 0 };
	size_t size = (size_t)a->n * 10 + 2, n = size - 1;
	char *s = emalloc(size), *r;
	uint32_t chunk;
	int i;

	big_copy(&t, a);
	s[n] = '\0';
	do {
		chunk = div_billion(&t);
		for (i = 0; i < 9 && (chunk != 0 || !big_zero(&t) || i == 0); i++) {
			s[--n] = (char)('0' + chunk % 10);
			chunk /= 10;
		}
	} while (!big_zero(&t));
	big_free(&t);
	r = estrdup(s + n);
	free(s);
	return r;
}
