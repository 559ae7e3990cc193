/** Where the operations of lib/categories/category-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const categoriesOp = { name: "categories", method: "GET", path: "/vapp/categories" } as const;
export const createCategoryOp = { name: "createCategory", method: "POST", path: "/vapp/categories" } as const;
export const updateCategoryOp = { name: "updateCategory", method: "PATCH", path: "/vapp/categories/{id}" } as const;
export const upsertCategoryOp = { name: "upsertCategory", method: "PUT", path: "/vapp/categories" } as const;
export const setCategoryVisibilityOp = { name: "setCategoryVisibility", method: "PUT", path: "/vapp/categories/{id}/visibility" } as const;
export const deleteCategoryOp = { name: "deleteCategory", method: "DELETE", path: "/vapp/categories/{id}" } as const;
export const bulkDeleteCategoriesOp = { name: "bulkDeleteCategories", method: "POST", path: "/vapp/categories/bulk-delete" } as const;
