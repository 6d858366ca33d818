/* json: the suite's one JSON reader: strings for the record stream, documents for tables */
#ifndef DELVING_JSON_H
#define DELVING_JSON_H

#include <stddef.h>
#include <stdint.h>

#define JSON_DEPTH_MAX 64	/* arrays and objects inside one another */
#define JSON_SIZE_MAX 0xffffffffUL	/* the longest document: offsets in 32 bits */

enum json_type { J_NULL, J_FALSE, J_TRUE, J_NUM, J_STR, J_ARR, J_OBJ };

/* A value of a document: its byte offset in the text, for errors. */
struct json {
	char	*s;		/* J_STR decoded (UTF-8), J_NUM as written */
	struct json *v;		/* J_ARR, J_OBJ: their values */
	char	**k;		/* J_OBJ: their names */
	uint32_t off;		/* its first byte (a document is at most 4 GiB) */
	uint32_t n;		/* J_ARR, J_OBJ: how many */
	enum json_type type;
};

const char *json_ws(const char *p);
const char *json_string(const char *p, char **d);
char	*json_put_utf8(char *d, long c);
struct json *json_parse(const char *text, size_t *erroff, const char **why);
void	 json_free(struct json *j);
const struct json *json_get(const struct json *obj, const char *name);
int	 json_long(const struct json *j, long *v);

#endif
