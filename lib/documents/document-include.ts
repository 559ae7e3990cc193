import type { Prisma } from "@/lib/generated/prisma/client";

/** What a document's answers load with it: tags, category, folder, template, author and its latest version. */
export const documentInclude = {
  tags: true,
  category: true,
  folder: true,
  template: { select: { id: true, name: true } },
  author: { select: { id: true, firstName: true, lastName: true, email: true } },
  contents: {
    orderBy: { version: "desc" },
    take: 1,
    select: {
      id: true,
      version: true,
      name: true,
      mimetype: true,
      size: true,
      createdAt: true,
      readOnly: true,
      delimiters: true,
      authorId: true,
    },
  },
} as const satisfies Prisma.DocumentInclude;
