"""Small bilingual word lists the rule extractor reasons with.

They are deliberately generic (categories of things people say about themselves), not sentences from any
data set. ``CANONICAL_ITEMS`` folds surface forms onto one ascii key segment so that "我每天来两杯美式" and
"咖啡我也戒了" land on the same key (``drink.coffee``) and the later one supersedes the earlier.
"""

# surface form -> canonical ascii key segment (both languages fold to the same segment)
CANONICAL_ITEMS = {
    "咖啡": "coffee", "美式": "coffee", "拿铁": "coffee", "卡布奇诺": "coffee", "手冲": "coffee", "冰美式": "coffee",
    "coffee": "coffee", "americano": "coffee", "americanos": "coffee", "latte": "coffee", "lattes": "coffee",
    "espresso": "coffee", "cappuccino": "coffee",
    "茶": "tea", "tea": "tea", "奶茶": "milk_tea", "milk tea": "milk_tea", "bubble tea": "milk_tea",
    "花草茶": "herbal_tea", "herbal tea": "herbal_tea",
    "牛奶": "milk", "milk": "milk", "啤酒": "beer", "beer": "beer", "扎啤": "beer", "酒": "alcohol",
    "喝酒": "alcohol", "alcohol": "alcohol", "白酒": "baijiu", "红酒": "wine", "wine": "wine",
    "辣": "spicy", "辣的": "spicy", "吃辣": "spicy", "麻辣": "spicy", "辣椒": "spicy", "spicy": "spicy",
    "spicy food": "spicy", "chili": "spicy", "hot food": "spicy", "spicy hunan food": "spicy", "川菜": "sichuan_food",
    "湘菜": "hunan_food", "甜品": "dessert", "甜食": "dessert", "甜的": "dessert", "甜": "dessert", "甜的东西": "dessert", "甜点": "dessert", "dessert": "dessert",
    "desserts": "dessert", "sweets": "dessert", "海鲜": "seafood", "seafood": "seafood", "香菜": "cilantro",
    "cilantro": "cilantro", "coriander": "cilantro", "内脏": "offal", "动物内脏": "offal", "offal": "offal",
    "鱼": "fish", "fish": "fish", "肉": "meat", "meat": "meat", "榴莲": "durian", "durian": "durian",
    "芒果": "mango", "mango": "mango", "mangoes": "mango", "花生": "peanut", "peanut": "peanut", "peanuts": "peanut",
    "gluten": "gluten", "麸质": "gluten", "鸡蛋": "egg", "eggs": "egg", "shellfish": "shellfish", "虾": "shrimp",
    "shrimp": "shrimp", "猫毛": "cat_hair", "cat hair": "cat_hair", "cats": "cat", "花粉": "pollen", "pollen": "pollen",
    "cold brew": "coffee", "black coffee": "coffee", "energy drink": "energy_drink", "energy drinks": "energy_drink",
    "功能饮料": "energy_drink", "红牛": "energy_drink", "soda": "soda", "diet soda": "soda",
    "sparkling water": "sparkling_water", "苏打水": "sparkling_water", "气泡水": "sparkling_water", "booze": "alcohol",
    "drinking": "alcohol", "lattes": "coffee", "chai": "chai", "matcha": "matcha", "抹茶": "matcha",
    "芋泥": "taro", "taro": "taro", "sushi": "sushi", "寿司": "sushi", "japanese food": "japanese_food", "日料": "japanese_food",
}

DRINKS = (
    "咖啡", "美式", "冰美式", "拿铁", "卡布奇诺", "手冲", "奶茶", "花草茶", "茶", "牛奶", "豆浆", "果汁", "啤酒", "扎啤",
    "白酒", "红酒", "酒", "功能饮料", "饮料", "可乐", "雪碧", "气泡水", "酸奶", "椰汁", "柠檬水",
    "coffee", "americano", "latte", "espresso", "cappuccino", "tea", "milk tea", "bubble tea", "herbal tea", "milk",
    "beer", "wine", "alcohol", "booze", "juice", "soda", "lemon water", "sparkling water", "chai", "matcha", "cold brew", "energy drink", "coke", "smoothie", "whisky", "whiskey", "sake", "kombucha",
)

FOOD_HINTS = (
    "吃", "菜", "饭", "面", "粉", "肉", "鱼", "虾", "蟹", "海鲜", "甜", "辣", "火锅", "烧烤", "水果", "蛋糕", "零食", "内脏",
    "毛肚", "鸭肠", "茄子", "番茄", "西红柿", "洋葱", "蘑菇", "苦瓜", "韭菜", "青椒", "胡萝卜", "香肠", "腊肉", "豆", "蛋",
    "饺子", "包子", "粥", "汤", "糖", "巧克力", "冰淇淋", "奶酪", "芝士", "螺蛳粉", "臭豆腐", "羊肉", "牛肉", "猪肉", "香菜", "葱", "蒜", "姜", "芋泥", "榴莲", "芒果", "花生", "鸡", "牛", "羊", "猪", "豆腐", "寿司",
    "food", "eat", "dish", "cuisine", "meat", "fish", "seafood", "spicy", "sweet", "dessert", "fruit", "cake", "snack",
    "olive", "tomato", "onion", "garlic", "mushroom", "egg", "tofu", "pasta", "bread", "salad", "soup", "steak",
    "chicken", "lamb", "bacon", "avocado", "banana", "apple", "berries", "strawberr", "ice cream", "candy", "chips",
    "peanut", "nut", "shellfish", "shrimp", "crab", "lobster", "oyster", "cilantro", "coriander", "pickle", "kimchi",
    "ramen", "dumpling", "taco", "bbq", "fries", "cookie", "pie", "broccoli", "spinach", "carrot", "eggplant",
    "gluten", "dairy", "lactose", "nuts", "pork", "beef", "noodle", "rice", "pizza", "burger", "sushi", "chocolate", "cheese", "durian", "curry", "bbq", "barbecue",
)

# Chinese relation word -> english key segment
RELATIONS_ZH = {
    "老公": "husband", "丈夫": "husband", "先生": "husband", "爱人": "spouse", "老婆": "wife", "妻子": "wife",
    "媳妇": "wife", "太太": "wife", "儿子": "son", "女儿": "daughter", "闺女": "daughter", "孩子": "child", "小孩": "child",
    "娃": "child", "宝宝": "baby", "爸爸": "father", "父亲": "father", "老爸": "father", "爸": "father",
    "妈妈": "mother", "母亲": "mother", "老妈": "mother", "妈": "mother", "男朋友": "boyfriend", "男友": "boyfriend",
    "女朋友": "girlfriend", "女友": "girlfriend", "对象": "partner", "哥哥": "brother", "哥": "brother",
    "弟弟": "brother", "姐姐": "sister", "姐": "sister", "妹妹": "sister", "外孙女": "granddaughter",
    "孙女": "granddaughter", "外孙": "grandson", "孙子": "grandson", "爷爷": "grandfather", "外公": "grandfather",
    "姥爷": "grandfather", "奶奶": "grandmother", "外婆": "grandmother", "姥姥": "grandmother", "婆婆": "mother_in_law",
    "岳母": "mother_in_law", "丈母娘": "mother_in_law", "公公": "father_in_law", "岳父": "father_in_law",
    "前男友": "ex", "前女友": "ex", "前夫": "ex", "前妻": "ex", "室友": "roommate", "闺蜜": "best_friend",
}
# Relations that are unambiguous at the start of a clause even without "我"; siblings need "我" (哥哥 may be a child).
CLAUSE_INITIAL_RELATIONS_ZH = (
    "老公", "丈夫", "爱人", "老婆", "妻子", "媳妇", "儿子", "女儿", "闺女", "外孙女", "孙女", "外孙", "孙子",
    "男朋友", "女朋友", "对象", "宝宝", "前男友", "前女友",
)
RELATIONS_EN = {
    "husband": "husband", "wife": "wife", "partner": "partner", "spouse": "spouse", "boyfriend": "boyfriend",
    "girlfriend": "girlfriend", "son": "son", "daughter": "daughter", "kid": "child", "kids": "children",
    "child": "child", "children": "children", "baby": "baby", "mom": "mother", "mum": "mother", "mother": "mother",
    "dad": "father", "father": "father", "brother": "brother", "sister": "sister", "grandma": "grandmother",
    "grandmother": "grandmother", "grandpa": "grandfather", "grandfather": "grandfather", "fiance": "partner",
    "fiancé": "partner", "fiancee": "partner", "fiancée": "partner", "ex": "ex", "roommate": "roommate",
    "best friend": "best_friend", "friend": "friend", "niece": "niece", "nephew": "nephew", "cousin": "cousin",
    "grandson": "grandson", "granddaughter": "granddaughter", "aunt": "aunt", "uncle": "uncle",
}

PET_SPECIES_ZH = (
    "猫咪", "小猫", "橘猫", "三花", "蓝猫", "垂耳兔", "布偶", "英短", "美短", "狸花猫", "猫", "狗狗", "小狗", "柯基", "泰迪", "金毛", "哈士奇", "柴犬",
    "边牧", "拉布拉多", "比熊", "博美", "萨摩耶", "狗", "仓鼠", "兔子", "鹦鹉", "乌龟", "金鱼", "刺猬", "龙猫", "八哥",
)
PET_SPECIES_EN = (
    "dog", "cat", "puppy", "kitten", "hamster", "rabbit", "bunny", "parrot", "turtle", "tortoise", "goldfish", "corgi",
    "golden retriever", "retriever", "labrador", "lab", "beagle", "poodle", "husky", "pug", "bulldog", "terrier",
    "guinea pig", "ferret", "snake", "lizard", "gecko", "horse", "collie", "greyhound", "shepherd", "dachshund",
    "chihuahua", "tabby", "pup",
)

# Health conditions (the word as said) for "我有X" / "I have X".
CONDITIONS_ZH = (
    "糖尿病", "高血压", "高血脂", "高血糖", "尿酸高", "高尿酸", "痛风", "哮喘", "鼻炎", "胃炎", "胃病", "胃溃疡", "肠胃炎",
    "乳糖不耐受", "麸质过敏", "乳糜泻", "腰椎间盘突出", "椎间盘突出", "颈椎病", "腰肌劳损", "关节炎", "风湿", "贫血",
    "甲亢", "甲减", "心脏病", "冠心病", "偏头痛", "失眠", "抑郁症", "焦虑症", "湿疹", "荨麻疹", "脂肪肝", "肾结石",
    "胆结石", "近视", "低血糖", "低血压", "癫痫", "过敏性鼻炎", "干眼症", "备孕", "怀孕", "哺乳期", "孕期",
)
CONDITIONS_EN = (
    "celiac disease", "coeliac disease", "asthma", "diabetes", "type 1 diabetes", "type 2 diabetes", "hypertension",
    "high blood pressure", "high cholesterol", "gout", "lactose intolerance", "ibs", "crohn's disease", "migraines",
    "migraine", "arthritis", "eczema", "psoriasis", "epilepsy", "insomnia", "anxiety", "depression", "adhd",
    "a bad back", "back pain", "a herniated disc", "anemia", "anaemia", "heart disease", "sleep apnea", "acid reflux",
    "pcos", "thyroid", "hypothyroidism", "kidney stones", "tinnitus",
)

EXERCISES_ZH = (
    "太极", "广场舞", "跑步", "晨跑", "夜跑", "健身", "瑜伽", "普拉提", "游泳", "散步", "爬山", "骑车", "骑行", "徒步", "跳绳",
    "羽毛球", "乒乓球", "篮球", "足球", "网球", "举铁", "撸铁", "八段锦", "慢跑", "快走", "拳击", "攀岩", "滑雪", "冲浪",
)
EXERCISES_EN = (
    "running", "jogging", "yoga", "pilates", "swimming", "cycling", "hiking", "tai chi", "gym", "lifting", "climbing",
    "tennis", "badminton", "basketball", "football", "soccer", "boxing", "skiing", "surfing", "walking", "dancing",
    "crossfit", "rowing",
)

COURIERS_ZH = (
    "顺丰", "京东", "中通", "圆通", "申通", "韵达", "邮政", "EMS", "极兔", "德邦", "安能", "百世", "天天", "菜鸟", "跨越",
    "闪送", "壹米滴答", "中铁", "宅急送",
)
COURIERS_EN = ("UPS", "FedEx", "DHL", "USPS", "SF Express", "Royal Mail", "Amazon", "TNT", "Aramex", "Canada Post")

# "我是X" with X ending like this is an occupation or a station in life
OCCUPATION_SUFFIXES_ZH = (
    "老师", "教师", "医生", "护士", "律师", "会计", "工程师", "程序员", "设计师", "经理", "老板", "司机", "厨师", "学生",
    "研究生", "博士", "博士生", "大学生", "高中生", "初中生", "警察", "记者", "编辑", "作家", "销售", "主播", "店主",
    "创业者", "公务员", "自由职业者", "产品经理", "运营", "审计", "会计师", "分析师", "药剂师", "外卖员", "快递员",
    "宝妈", "全职妈妈", "全职太太", "退休", "退休教师", "教授", "讲师", "画家", "摄影师", "翻译", "顾问", "咨询师",
    "建筑师", "电工", "木匠", "农民", "军人", "保安", "保洁", "园丁", "面包师", "烘焙师", "美甲师", "理发师", "导游",
)
JOB_WORDS_EN = (
    "teacher", "nurse", "doctor", "engineer", "developer", "programmer", "designer", "lawyer", "accountant", "manager",
    "student", "chef", "cook", "driver", "writer", "journalist", "editor", "artist", "photographer", "consultant",
    "analyst", "scientist", "researcher", "professor", "lecturer", "pharmacist", "dentist", "therapist", "counselor",
    "counsellor", "architect", "electrician", "plumber", "carpenter", "farmer", "baker", "barista", "waiter",
    "waitress", "founder", "entrepreneur", "freelancer", "marketer", "salesperson", "officer", "pilot", "musician",
    "singer", "actor", "actress", "translator", "intern", "retiree", "librarian", "veterinarian", "vet", "surgeon",
    "paramedic", "firefighter", "mechanic", "tutor", "coach", "recruiter", "banker", "trader", "clerk", "cashier",
    "ceo", "cto", "cfo", "owner", "mom", "dad", "homemaker", "parent",
)

CITIES_ZH = (
    "北京", "上海", "天津", "重庆", "广州", "深圳", "杭州", "南京", "苏州", "成都", "武汉", "西安", "长沙", "郑州", "青岛",
    "济南", "厦门", "福州", "合肥", "南昌", "昆明", "贵阳", "南宁", "海口", "三亚", "沈阳", "大连", "长春", "哈尔滨",
    "石家庄", "太原", "呼和浩特", "兰州", "西宁", "银川", "乌鲁木齐", "拉萨", "宁波", "无锡", "温州", "佛山", "东莞",
    "珠海", "中山", "惠州", "泉州", "常州", "徐州", "烟台", "绍兴", "嘉兴", "金华", "台州", "扬州", "南通", "洛阳",
    "桂林", "黄冈", "宜昌", "襄阳", "绵阳", "香港", "澳门", "台北", "高雄", "东京", "大阪", "京都", "首尔", "新加坡",
    "曼谷", "清迈", "伦敦", "巴黎", "纽约", "洛杉矶", "旧金山", "悉尼", "墨尔本", "温哥华", "多伦多", "柏林",
)

# A surname followed by an honorific ("孙阿姨", "王老师", "李哥") is a way the user asks to be addressed.
SURNAMES_ZH = (
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪"
    "范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤"
)
HONORIFICS_ZH = ("阿姨", "叔叔", "大爷", "大妈", "奶奶", "爷爷", "老师", "大姐", "大哥", "姐", "哥", "师傅", "总", "工", "医生", "婆婆")

# Chinese numerals (for amounts like 三十万, 一千五, 一万二)
ZH_NUMBER_CHARS = "零〇一二两三四五六七八九十百千万亿点半"
