/* tbljson: Foundry VTT RollTable JSON, a file or a folder of source files */
#ifndef DELVING_TBLJSON_H
#define DELVING_TBLJSON_H

#include "tblread.h"

void	 tb_foundry(struct tb *b, const char *file);
void	 tb_foundry_dir(struct tb *b, const char *dir);
int	 tb_html_text(char *s, const char **why);

#endif
