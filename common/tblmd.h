/* tblmd: tables in delving's Markdown and Obsidian's (delving(7) TABLE FILES) */
#ifndef DELVING_TBLMD_H
#define DELVING_TBLMD_H

#include "tblread.h"

void	 tb_markdown(struct tb *b, const char *file);

#endif
