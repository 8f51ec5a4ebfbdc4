import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall, defineUpload } from './common/call.ts';
import { listQuery, pageOf } from './common/envelope.ts';
import { dateTime, id, idList, idNumber, idParams, optionalText, plainString, remarkText, stateAS, text, wholeNumber } from './common/fields.ts';
import { MAX_QUANTITY, MAX_TOTAL_FEN, quantity, totalTooLarge, yuan, yuanToFen } from './common/money.ts';
import { Msg } from './common/codes.ts';

// ---- Classifications (goods/goodsClassification/) ----
export const classification = z.object({
  classificationId: z.number(),
  classificationName: z.string(),
  state: z.string(),
  sort: z.number(),
});
export const classificationWithCount = classification.extend({ goodsCount: z.number() });
const classificationFields = {
  classificationName: text('分类名称', 30),
  state: stateAS.default('A'),
  sort: z.number({ error: '请输入排序' }).int('排序必须是整数').min(0, '排序不能小于0').max(9999, '排序不能大于9999').default(999),
};

const classificationFilter = z.object({ state: stateAS.optional(), classificationName: plainString('分类名称').max(30).optional() });
export type ClassificationFilter = z.infer<typeof classificationFilter>;
export const classificationAll = defineCall({
  method: 'GET',
  path: 'goods/goodsClassification/all',
  summary: '商品分类列表（state=A 为启用的分类）',
  access: 'login',
  query: classificationFilter,
  response: z.array(classification),
});
export const classificationById = defineCall({
  method: 'GET',
  path: 'goods/goodsClassification/id/{id}',
  summary: '商品分类详情',
  access: { permission: PERMISSIONS.goods.classification.list },
  params: idParams,
  response: classification,
});
export const classificationAdd = defineCall({
  method: 'POST',
  path: 'goods/goodsClassification/add',
  summary: '新增商品分类',
  access: { permission: PERMISSIONS.goods.classification.add },
  body: z.object(classificationFields),
  response: classification,
});
export const classificationEdit = defineCall({
  method: 'PUT',
  path: 'goods/goodsClassification/edit',
  summary: '修改商品分类',
  access: { permission: PERMISSIONS.goods.classification.edit },
  body: z.object({ classificationId: id('商品分类'), ...classificationFields }),
  response: classification,
});
export const classificationWithGoodsCount = defineCall({
  method: 'GET',
  path: 'goods/goodsClassification/allWithGoodsCount',
  summary: '商品分类及商品数量',
  access: { permission: PERMISSIONS.goods.classification.list },
  response: z.array(classificationWithCount),
});

// ---- Warehouses (goods/warehouse/) ----
export const warehouse = z.object({
  warehouseId: z.number(),
  warehouseName: z.string(),
  state: z.string(),
  venueIds: z.array(z.number()),
  venueNames: z.array(z.string()),
  remark: z.string(),
});
const warehouseFields = {
  warehouseName: text('仓库名称', 30),
  state: stateAS.default('A'),
  venueIds: z.array(idNumber(), { error: '请选择服务场馆' }).min(1, '请选择服务场馆').max(100),
  remark: remarkText('备注', 200),
};
export const warehouseQuery = defineCall({
  method: 'GET',
  path: 'goods/warehouse/query',
  summary: '仓库分页查询',
  access: { permission: PERMISSIONS.goods.warehouse.list },
  query: listQuery.extend({ warehouseName: plainString('仓库名称').max(30).optional(), state: stateAS.optional(), venueId: id().optional() }),
  response: pageOf(warehouse),
});
export const warehouseAll = defineCall({
  method: 'GET',
  path: 'goods/warehouse/all',
  summary: '仓库列表（state=A 与 venueIds 过滤）',
  access: 'login',
  query: z.object({ state: stateAS.optional(), venueIds: idList('场馆').optional() }),
  response: z.array(warehouse),
});
export const warehouseById = defineCall({
  method: 'GET',
  path: 'goods/warehouse/id/{id}',
  summary: '仓库详情',
  access: { permission: PERMISSIONS.goods.warehouse.list },
  params: idParams,
  response: warehouse,
});
export const warehouseAdd = defineCall({
  method: 'POST',
  path: 'goods/warehouse/add',
  summary: '新增仓库',
  access: { permission: PERMISSIONS.goods.warehouse.add },
  body: z.object(warehouseFields),
  response: warehouse,
});
export const warehouseEdit = defineCall({
  method: 'PUT',
  path: 'goods/warehouse/edit',
  summary: '修改仓库',
  access: { permission: PERMISSIONS.goods.warehouse.edit },
  body: z.object({ warehouseId: id('仓库'), ...warehouseFields }),
  response: warehouse,
});

// ---- Goods archive (goods/goodsArchive/) ----
export const goods = z.object({
  goodsId: z.number(),
  goodsName: z.string(),
  specs: z.string(),
  picture: z.string().nullable(),
  unit: z.string(),
  /** Yuan, two decimals. */
  price: z.number(),
  barcode: z.string().nullable(),
  shorthand: z.string(),
  classificationId: z.number(),
  classificationName: z.string(),
  itemId: z.number().nullable(),
  itemName: z.string().nullable(),
  isOnSale: z.enum(['1', '0']),
  state: z.string(),
});
const goodsFields = {
  goodsName: text('商品名称', 50),
  specs: optionalText('规格', 50).default(''),
  picture: plainString('图片').max(300).nullable().optional(),
  unit: text('单位', 10),
  price: yuan('售价'),
  barcode: plainString('条码')
    .trim()
    .max(50, '条码不能超过50个字符')
    .regex(/^[0-9A-Za-z-]*$/, '条码只能包含数字、字母和横线')
    .optional(),
  shorthand: plainString('助记码')
    .trim()
    .max(20, '助记码不能超过20个字符')
    .regex(/^[0-9A-Za-z]*$/, '助记码只能包含字母和数字')
    .optional(),
  classificationId: id('商品分类'),
  itemId: idNumber().nullable().optional(),
  isOnSale: z.enum(['1', '0']).default('1'),
  state: stateAS.default('A'),
};
export const goodsQuery = defineCall({
  method: 'GET',
  path: 'goods/goodsArchive/query',
  summary: '商品档案分页查询',
  access: { permission: PERMISSIONS.goods.archive.list },
  query: listQuery.extend({
    goodsName: plainString('商品名称').max(50).optional(),
    /** One box for 商品名称, 条码 or 助记码: a name fragment, a barcode prefix or a shorthand prefix (any case), as at the till. */
    goodsQuery: plainString('商品名称/条码/助记码').trim().max(50).optional(),
    classificationId: id().optional(),
    state: stateAS.optional(),
    isOnSale: z.enum(['1', '0']).optional(),
  }),
  response: pageOf(goods),
});
export const goodsById = defineCall({
  method: 'GET',
  path: 'goods/goodsArchive/id/{id}',
  summary: '商品详情',
  access: { permission: PERMISSIONS.goods.archive.list },
  params: idParams,
  response: goods,
});
export const goodsAdd = defineCall({
  method: 'POST',
  path: 'goods/goodsArchive/add',
  summary: '新增商品',
  access: { permission: PERMISSIONS.goods.archive.add },
  body: z.object(goodsFields),
  response: goods,
});
export const goodsEdit = defineCall({
  method: 'PUT',
  path: 'goods/goodsArchive/edit',
  summary: '修改商品',
  access: { permission: PERMISSIONS.goods.archive.edit },
  body: z.object({ goodsId: id('商品'), ...goodsFields }),
  response: goods,
});
export const goodsState = defineCall({
  method: 'PUT',
  path: 'goods/goodsArchive/state',
  summary: '商品启用停用与上下架',
  access: { permission: PERMISSIONS.goods.archive.edit },
  body: z
    .object({ goodsId: id('商品'), state: stateAS.optional(), isOnSale: z.enum(['1', '0']).optional() })
    .refine((b) => b.state !== undefined || b.isOnSale !== undefined, '请指定状态或上架状态'),
  response: goods,
});

/** A tile of the goods sale dialog: stock summed over the warehouses asked for. */
export const goodsTile = goods.extend({ quantity: z.number() });
export const allByClassification = defineCall({
  method: 'GET',
  path: 'goods/goodsArchive/allByClassification',
  summary: '按分类列出在售商品及库存（含 hotSale 热销）',
  access: 'login',
  query: z.object({
    warehouseIds: idList('仓库'),
    classificationId: id().optional(),
    goodsQuery: plainString('商品').trim().max(50).optional(),
    isOnSale: z.enum(['1', '0']).default('1'),
  }),
  /** Keyed by classificationId, plus `hotSale`: the best sellers of the last 30 days. */
  response: z.record(z.string(), z.array(goodsTile)),
});

export const stockRow = z.object({
  goodsId: z.number(),
  goodsName: z.string(),
  specs: z.string(),
  unit: z.string(),
  barcode: z.string().nullable(),
  classificationName: z.string(),
  warehouseId: z.number(),
  warehouseName: z.string(),
  quantity: z.number(),
});
export const queryStock = defineCall({
  method: 'GET',
  path: 'goods/goodsArchive/queryStock',
  summary: '库存查询',
  access: { permission: PERMISSIONS.goods.stock.list },
  query: listQuery.extend({
    warehouseId: id().optional(),
    /** The warehouses serving this venue only (首页's 库存不足). */
    venueId: id().optional(),
    classificationId: id().optional(),
    goodsName: plainString('商品名称').max(50).optional(),
    /** Rows holding at most this many units (库存不高于). */
    maxQuantity: wholeNumber(0, 1_000_000_000).optional(),
  }),
  response: pageOf(stockRow),
});
export const stockMovement = z.object({
  movementId: z.number(),
  goodsId: z.number(),
  warehouseId: z.number(),
  change: z.number(),
  balance: z.number(),
  reason: z.enum(['STOCK_IN', 'SALE', 'REFUND', 'ADJUST', 'LEASE', 'LEASE_RETURN']),
  refId: z.number().nullable(),
  remark: z.string(),
  createTime: z.string(),
  createName: z.string(),
});
export const stockMovements = defineCall({
  method: 'GET',
  path: 'goods/stock/movements',
  summary: '库存变动明细',
  access: { permission: PERMISSIONS.goods.stock.list },
  query: listQuery.extend({ goodsId: id(), warehouseId: id() }),
  response: pageOf(stockMovement),
});
export const adjustStock = defineCall({
  method: 'POST',
  path: 'goods/stock/adjust',
  summary: '库存调整（盘点）',
  access: { permission: PERMISSIONS.goods.stock.adjust },
  body: z.object({
    goodsId: id('商品'),
    warehouseId: id('仓库'),
    change: z
      .number({ error: '请输入调整数量' })
      .int('调整数量必须是整数')
      .min(-MAX_QUANTITY, `调整数量不能小于-${MAX_QUANTITY}`)
      .max(MAX_QUANTITY, `调整数量不能超过${MAX_QUANTITY}`)
      .refine((n) => n !== 0, '调整数量不能为0'),
    remark: text('调整原因', 100),
  }),
  response: stockRow,
});

// ---- Suppliers ----
export const supplier = z.object({
  supplierId: z.number(),
  supplierName: z.string(),
  contact: z.string(),
  phone: z.string(),
  address: z.string(),
  state: z.string(),
  remark: z.string(),
});
const supplierFields = {
  supplierName: text('供应商名称', 50),
  contact: optionalText('联系人', 20).default(''),
  phone: plainString('电话')
    .trim()
    .max(20)
    .regex(/^(|1\d{10}|0\d{2,3}-?\d{7,8})$/, Msg.phoneInvalid)
    .default(''),
  address: optionalText('地址', 100).default(''),
  state: stateAS.default('A'),
  remark: remarkText('备注', 200).default(''),
};
export const querySupplier = defineCall({
  method: 'GET',
  path: 'goods/goodsArchive/querySupplier',
  summary: '供应商分页查询',
  access: { permission: PERMISSIONS.goods.supplier.list },
  query: listQuery.extend({ supplierName: plainString('供应商名称').max(50).optional(), state: stateAS.optional() }),
  response: pageOf(supplier),
});
export const querySupplierAndGoods = defineCall({
  method: 'GET',
  path: 'goods/goodsArchive/querySupplierAndGoods',
  summary: '进货选择用：启用的供应商与商品',
  access: { permission: PERMISSIONS.goods.stockIn.add },
  response: z.object({ suppliers: z.array(supplier), goods: z.array(goods) }),
});
export const supplierAdd = defineCall({
  method: 'POST',
  path: 'goods/supplier/add',
  summary: '新增供应商',
  access: { permission: PERMISSIONS.goods.supplier.add },
  body: z.object(supplierFields),
  response: supplier,
});
export const supplierEdit = defineCall({
  method: 'PUT',
  path: 'goods/supplier/edit',
  summary: '修改供应商',
  access: { permission: PERMISSIONS.goods.supplier.edit },
  body: z.object({ supplierId: id('供应商'), ...supplierFields }),
  response: supplier,
});

// ---- Stock-in (purchase) orders: P pending review -> A passed (raises stock) | D not passed; A -> E completed ----
export const stockInLine = z.object({
  goodsId: z.number(),
  goodsName: z.string(),
  specs: z.string(),
  unit: z.string(),
  quantity: z.number(),
  price: z.number(),
});
export const stockIn = z.object({
  stockInId: z.number(),
  warehouseId: z.number(),
  warehouseName: z.string(),
  venueId: z.number(),
  venueName: z.string(),
  supplierId: z.number(),
  supplierName: z.string(),
  supplyType: z.string(),
  state: z.string(),
  totalPrice: z.number(),
  remark: z.string(),
  reviewRemark: z.string(),
  createTime: z.string(),
  createName: z.string(),
  reviewTime: z.string().nullable(),
  reviewName: z.string().nullable(),
  details: z.array(stockInLine),
});
/** A stock-in's total in fen: the sum of quantity × price over its lines. */
export const stockInTotalFen = (details: { quantity: number; price: number }[]) => details.reduce((sum, d) => sum + yuanToFen(d.price) * d.quantity, 0);
export const stockInCreate = defineCall({
  method: 'POST',
  path: 'goods/stockIn/add',
  summary: '新建进货单（当前场馆）',
  access: { permission: PERMISSIONS.goods.stockIn.add },
  body: z
    .object({
      warehouseId: id('仓库'),
      supplierId: id('供应商'),
      supplyType: z.enum(['A', 'F'], { error: '请选择进货价格类型' }).default('A'),
      remark: remarkText('备注', 200).default(''),
      details: z
        .array(
          z.object({
            goodsId: id('商品'),
            quantity: quantity(),
            price: yuan('进货价'),
          }),
          { error: '请选择进货商品' },
        )
        .min(1, '请选择进货商品')
        .max(200, '一次最多进货200种商品'),
    })
    .refine((b) => stockInTotalFen(b.details) <= MAX_TOTAL_FEN, { message: totalTooLarge('进货总金额'), path: ['details'] }),
  response: stockIn,
});
export const stockInReview = defineCall({
  method: 'PUT',
  path: 'goods/stockIn/review',
  summary: '审核进货单：通过入库或不通过',
  access: { permission: PERMISSIONS.goods.stockIn.review },
  body: z.object({ stockInId: id('进货单'), pass: z.boolean({ error: '请选择审核结果' }), reviewRemark: remarkText('审核意见', 200).default('') }),
  response: stockIn,
});
export const stockInComplete = defineCall({
  method: 'PUT',
  path: 'goods/stockIn/complete',
  summary: '完结已通过的进货单',
  access: { permission: PERMISSIONS.goods.stockIn.review },
  body: z.object({ stockInId: id('进货单') }),
  response: stockIn,
});
export const stockInQuery = defineCall({
  method: 'GET',
  path: 'goods/stockIn/query',
  summary: '进货单分页查询（当前场馆）',
  access: { permission: PERMISSIONS.goods.stockIn.list },
  query: listQuery.extend({
    state: z.enum(['P', 'A', 'D', 'E']).optional(),
    warehouseId: id().optional(),
    supplierId: id().optional(),
    beginTime: dateTime('beginTime').optional(),
    endTime: dateTime('endTime').optional(),
  }),
  response: pageOf(stockIn),
});
export const stockInById = defineCall({
  method: 'GET',
  path: 'goods/stockIn/id/{id}',
  summary: '进货单详情',
  access: { permission: PERMISSIONS.goods.stockIn.list },
  params: idParams,
  response: stockIn,
});

// ---- Pictures ----
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;
/** Multipart `file`; the answer's `url` is what `picture` stores. */
export const uploadPicture = defineUpload({
  path: 'file/upload/picture',
  summary: '上传图片（multipart 字段 file，JPG、PNG、GIF 或 WEBP，重新编码后保存；需要商品新增或修改权限，或修改租户信息的权限：首页Logo）',
  access: { anyOf: [PERMISSIONS.goods.archive.add, PERMISSIONS.goods.archive.edit, PERMISSIONS.system.tenant.edit] },
  maxBytes: PICTURE_MAX_BYTES,
  refusals: { missing: '请选择图片', tooLarge: `图片不能超过 ${PICTURE_MAX_BYTES / 1024 / 1024}MB`, wrongType: Msg.pictureType },
  response: z.object({ url: z.string() }),
});
